import type { KnowledgeFile } from '../../../shared/schemas/knowledge.ts';

/**
 * A file name without what changes from one version of a document to the next: the extension,
 * dates (01.03.2025, 2025-03-01, 2025-03), years, version marks (v2, Version 3, Stand 4, Rev. 2),
 * words such as «final», «neu», «aktuell», «Kopie», a copy's «(1)», and the separators between.
 * «Preisliste 2025.pdf» and «Preisliste_2026_final.xlsx» share the key «preisliste».
 */
export function documentKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\.[\p{L}\p{N}]{1,5}$/u, '')
    .replace(/(?<!\d)\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?!\d)/g, ' ')
    .replace(/(?<!\d)\d{4}[-_.]\d{1,2}(?:[-_.]\d{1,2})?(?!\d)/g, ' ')
    .replace(/(?<!\d)(?:19|20)\d{2}(?!\d)/g, ' ')
    .replace(/(?<![\p{L}\p{N}])(?:v|ver|version|rev|fassung|stand)[\s._-]*\d+(?:[.,]\d+)*(?!\p{N})/gu, ' ')
    .replace(/(?<![\p{L}\p{N}])(?:final|neu|new|aktuell|korrigiert|überarbeitet|kopie|copy|entwurf|draft)(?![\p{L}\p{N}])/gu, ' ')
    .replace(/\(\d+\)/g, ' ')
    .replace(/[\s._\-–()[\]]+/g, ' ')
    .trim();
}

/** The file of the very same name (case aside): a new version of it replaces it by default. */
export const sameNamed = (name: string, files: readonly KnowledgeFile[]) => files.find((f) => f.name.toLowerCase() === name.toLowerCase());

/**
 * The file a new upload is probably a new version of: the one with the very same name (exact),
 * else the latest one whose name differs only in what documentKey leaves out. None when the key
 * holds no letter (a name that is only a date says nothing).
 */
export function earlierVersion(name: string, files: readonly KnowledgeFile[]): { file: KnowledgeFile; exact: boolean } | undefined {
  const same = sameNamed(name, files);
  if (same) return { file: same, exact: true };
  const key = documentKey(name);
  if (!/\p{L}/u.test(key)) return undefined;
  const similar = files.filter((f) => documentKey(f.name) === key).sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
  return similar ? { file: similar, exact: false } : undefined;
}
