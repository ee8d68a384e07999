import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Relative links of Markdown files: the target file must exist, and a `#anchor` must name a
 * heading of the target (GitHub's slugs). Links in code blocks and inline code are not links.
 */

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_~]/g, (c) => (c === '_' ? '_' : ''))
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const withoutCodeBlocks = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');
const withoutCode = (markdown: string) => withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');

export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

export function linksOf(markdown: string): { text: string; link: string }[] {
  return [...withoutCode(markdown).matchAll(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ text: m[1]!, link: m[2]! }));
}

/** The broken relative links of one file, as "target (reason)". */
export async function brokenLinks(file: string): Promise<string[]> {
  const text = await fs.readFile(file, 'utf8');
  const broken: string[] = [];
  for (const { text: label, link } of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto: …
    const [target = '', anchor] = link.split('#') as [string, string | undefined];
    // "[020](decisions/021-…)": a decision's number as the label must be the number it links to.
    const number = /^(?:decision )?(\d{3})$/i.exec(label.trim())?.[1];
    if (number && !path.basename(target).startsWith(`${number}-`)) broken.push(`${link} (labelled ${label.trim()})`);
    const resolved = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
    const stat = await fs.stat(resolved).catch(() => undefined);
    if (!stat) {
      broken.push(`${link} (no such file)`);
      continue;
    }
    if (anchor === undefined || stat.isDirectory() || !resolved.endsWith('.md')) continue;
    const anchors = anchorsOf(resolved === file ? text : await fs.readFile(resolved, 'utf8'));
    if (!anchors.has(anchor)) broken.push(`${link} (no heading #${anchor})`);
  }
  return broken;
}

/** Every Markdown file under `dir` (recursively). */
export async function markdownFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await markdownFiles(full)));
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out.sort();
}

/**
 * Documents the code cites: every `docs/….md[#anchor]` path must exist (with that heading), and
 * every "decision NNN" must be a decision record. Returns "file: citation (reason)".
 */
export async function brokenCitations(root: string, sourceFiles: string[]): Promise<string[]> {
  const decisions = new Set((await fs.readdir(path.join(root, 'docs/decisions'))).map((n) => n.slice(0, 3)));
  const broken: string[] = [];
  for (const file of sourceFiles) {
    const text = await fs.readFile(file, 'utf8');
    const where = path.relative(root, file);
    for (const m of text.matchAll(/(?<![\w/.-])docs\/([\w./-]+?\.md)(#[\w-]+)?/g)) {
      const target = path.join(root, 'docs', m[1]!);
      const body = await fs.readFile(target, 'utf8').catch(() => undefined);
      if (body === undefined) broken.push(`${where}: docs/${m[1]} (no such file)`);
      else if (m[2] && !anchorsOf(body).has(m[2].slice(1))) broken.push(`${where}: docs/${m[1]}${m[2]} (no such heading)`);
    }
    for (const m of text.matchAll(/\b(?:[Dd]ecisions?|docs\/decisions\/)\s?(\d{3})\b/g)) {
      if (!decisions.has(m[1]!)) broken.push(`${where}: decision ${m[1]} (no such decision)`);
    }
  }
  return broken;
}

/** A law cited by its section (§ 14a UStG, § 147 (3, 4) AO): a public text, not an outside document of ours. */
const LAW = /^§+\s?\d+\w*(?:\s*(?:\([\d, ]+\)|Abs\.\s?\d+|Nr\.\s?\d+|S\.\s?\d+))*\s+(?:UStG|AO|BGB|HGB|TDDDG|DDG|TMG|UWG|BDSG|GwG)\b/;

/**
 * Comments that cite a document the repository does not hold (issue 36): the original
 * specification ("spec 02 §7", "§5") and the architecture notes ("ARCHITECTURE §5"). Our own
 * pages are cited by path (docs/product/…); a law by its section and name. Returns "file: citation".
 */
export async function outsideCitations(root: string, sourceFiles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of sourceFiles) {
    const text = await fs.readFile(file, 'utf8');
    const comments = text.match(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g) ?? [];
    for (const comment of comments) {
      for (const m of comment.matchAll(/\bARCHITECTURE\b(?:\.md)?(?:\s?§\s?\d+)?|\b[Ss]pec\s?0\d\b(?:\s?§\s?\d+)?|§\s?\d[^\n]*/g)) {
        if (m[0].startsWith('§') && LAW.test(m[0])) continue;
        found.push(`${path.relative(root, file)}: ${m[0].startsWith('§') ? (/^§\s?\d+\w*/.exec(m[0])?.[0] ?? m[0]) : m[0]}`);
      }
    }
  }
  return found;
}

/**
 * The repository's code and configuration files. Left out: fixtures and tests/docs, which hold
 * broken citations on purpose (as data), and migrations.
 */
export async function codeFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const skip = ['node_modules', 'fixtures', 'migrations'].includes(entry.name) || path.relative(root, full) === path.join('tests', 'docs');
        if (!skip) await walk(full);
      } else if (/\.(ts|tsx|js|mjs|css|html)$/.test(entry.name)) out.push(full);
    }
  };
  for (const dir of ['src', 'tests', 'scripts', 'eslint', 'public']) await walk(path.join(root, dir));
  for (const entry of await fs.readdir(root)) if (/\.(ts|js|html)$/.test(entry)) out.push(path.join(root, entry));
  return out.sort();
}
