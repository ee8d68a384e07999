import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The checks that keep docs/product (the product's reference, docs/decisions/036) true to the code:
 * every registered route is described, every described call exists, and every German text quoted
 * as «…» is a text the product has. Pure functions over file contents, so a fixture can prove each
 * bites (tests/docs/product-docs.test.ts).
 */

export interface RouteLike {
  method: string;
  url: string;
}

/** `GET /api/assistant/:uuid` — how the pages name a call (the route exactly as registered). */
const CALL = /`(GET|POST|PUT|DELETE|PATCH|HEAD) (\/[^`\s]*)`/g;

export const routeKey = (r: RouteLike) => `${r.method} ${r.url}`;

/** The calls the pages name. */
export function documentedCalls(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(CALL)].map((m) => `${m[1]} ${m[2]}`));
}

/** Registered routes no page names (HEAD is the GET route's twin and needs no line of its own). */
export function undocumentedRoutes(routes: RouteLike[], markdown: string): string[] {
  const named = documentedCalls(markdown);
  return [...new Set(routes.filter((r) => r.method !== 'HEAD').map(routeKey))].filter((key) => !named.has(key)).sort();
}

/** Calls a page names that the app does not register (a renamed or removed route). */
export function unknownCalls(routes: RouteLike[], markdown: string): string[] {
  const registered = new Set(routes.map(routeKey));
  return [...documentedCalls(markdown)].filter((key) => !registered.has(key)).sort();
}

/** The German texts a page quotes: «…». */
export function quotedTexts(markdown: string): string[] {
  return [...markdown.matchAll(/«([^»]+)»/g)].map((m) => m[1]!);
}

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Source text with every interpolation (`${…}`) as `{}` and whitespace collapsed, so a quote like
 * «Ups, Du hast {count} Mikas angelegt …» matches the template literal that builds it.
 */
export function normaliseSource(source: string): string {
  return collapse(source.replace(/\$\{[^}]*\}/g, '{}'));
}

/** A quoted text as it must appear in the normalised source: placeholders `{…}` become `{}`. */
export function normaliseQuote(quote: string): string {
  return collapse(quote.replace(/\{[^}]*\}/g, '{}'));
}

/** Quotes that are not a text of the product (typo, outdated wording, invented text). */
export function unknownTexts(markdown: string, normalisedSource: string): string[] {
  return [...new Set(quotedTexts(markdown))].filter((quote) => {
    const q = normaliseQuote(quote);
    if (normalisedSource.includes(q)) return false;
    // A text with placeholders: each literal part in order, as the template builds it.
    const parts = q.split('{}').filter((p) => p.trim() !== '');
    if (parts.length < 2) return true;
    let at = normalisedSource.indexOf(parts[0]!);
    while (at >= 0) {
      let pos = at + parts[0]!.length;
      let ok = true;
      for (const part of parts.slice(1)) {
        const next = normalisedSource.indexOf(part, pos);
        // The parts of one text sit close together (one literal, or one function of a few lines).
        if (next < 0 || next - pos > 200) {
          ok = false;
          break;
        }
        pos = next + part.length;
      }
      if (ok) return false;
      at = normalisedSource.indexOf(parts[0]!, at + 1);
    }
    return true;
  });
}

/** Every Markdown file under `dir`, with its text. */
export async function readMarkdown(dir: string): Promise<{ file: string; text: string }[]> {
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.md')).sort();
  return Promise.all(names.map(async (n) => ({ file: path.join(dir, n), text: await fs.readFile(path.join(dir, n), 'utf8') })));
}

/** The product's source that holds its German texts: src (tests excluded) and public/ (embed.js). */
export async function readProductSource(root: string): Promise<string> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (/\.(ts|tsx|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  await walk(path.join(root, 'src'));
  await walk(path.join(root, 'public'));
  files.sort();
  return normaliseSource((await Promise.all(files.map((f) => fs.readFile(f, 'utf8')))).join('\n'));
}
