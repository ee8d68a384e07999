// The parts of an Office Open XML package (.xlsx, .pptx, .docx) that our own readers need beside
// officeparser: number formats and hidden cells (spreadsheet.ts), charts (charts.ts), hidden
// slides (slides.ts). Unpacked once per file, only the parts asked for, after officeparser has
// read the same package within its decompression limits.
import { strFromU8, unzipSync } from 'fflate';

/** The unpacked parts, as text by their path in the package ('' for a part not there). */
export interface PackageParts {
  names: string[];
  text: (name: string) => string;
}

/** The parts whose path `wanted` accepts, each up to `maxPartBytes` unpacked (a bigger one is left out). */
export function packageParts(data: Uint8Array, wanted: (name: string) => boolean, maxPartBytes = Number.POSITIVE_INFINITY): PackageParts {
  const parts = unzipSync(data, { filter: (f) => wanted(f.name) && f.originalSize <= maxPartBytes });
  return { names: Object.keys(parts), text: (name) => (parts[name] ? strFromU8(parts[name]) : '') };
}

/**
 * A relationships part's targets by their id (`rId2` → `xl/worksheets/sheet2.xml`), as paths in
 * the package: absolute targets from the root, relative ones from `folder` (the source part's).
 */
export function relationshipTargets(relsXml: string, folder: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const m of relsXml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /(?:^|\s)Id="([^"]*)"/.exec(m[1]!)?.[1];
    const target = /(?:^|\s)Target="([^"]*)"/.exec(m[1]!)?.[1];
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `${folder}/${target}`);
  }
  return targets;
}
