import fs from 'node:fs/promises';
import path from 'node:path';
import { LEGAL_PAGES, type LegalPage } from '../../../shared/constants.ts';

/**
 * The shipped pages in content/legal are templates: operator set-up that must not reach customers
 * (like the example seller data). A page still carries the template's marker or its placeholders.
 */
const TEMPLATE_MARKERS = [/Vorlage – bitte durch Ihre eigenen Rechtstexte ersetzen/, /\[Firma des Anbieters\]/];

export function isTemplate(markdown: string): boolean {
  return TEMPLATE_MARKERS.some((m) => m.test(markdown));
}

/** The page's Markdown, or undefined when LEGAL_DIR lacks it. The name comes from a fixed list. */
export async function readLegalPage(legalDir: string, page: LegalPage): Promise<string | undefined> {
  return fs.readFile(path.join(legalDir, `${page}.md`), 'utf8').catch(() => undefined);
}

/** Files in LEGAL_DIR that are missing or still the shipped template (production refuses to start). */
export async function unfinishedLegalPages(legalDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const page of LEGAL_PAGES) {
    const markdown = await readLegalPage(legalDir, page);
    if (markdown === undefined || isTemplate(markdown)) out.push(path.join(legalDir, `${page}.md`));
  }
  return out;
}
