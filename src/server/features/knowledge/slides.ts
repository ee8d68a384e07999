// Which slides of a .pptx are hidden (PowerPoint's «Folie ausblenden»: `show="0"` on the slide).
// officeparser reads them like any other; a deck's hidden slides often hold what the presenter
// keeps back (backup figures, internal margins), so they are left out as a workbook's hidden
// sheets are (decision 060).
import { strFromU8, unzipSync } from 'fflate';

/** A slide part is small; a bigger one is not looked at (read as a shown slide). */
const MAX_PART_BYTES = 2 * 1024 * 1024;

/**
 * The 1-based numbers, in the presentation's order (as officeparser numbers its slide nodes), of
 * the slides shown not at all. Called after officeparser has read the package within its limits.
 */
export function hiddenSlideNumbers(data: Uint8Array): Set<number> {
  const parts = unzipSync(data, {
    filter: (f) => (f.name === 'ppt/presentation.xml' || f.name === 'ppt/_rels/presentation.xml.rels' || /^ppt\/slides\/slide\d+\.xml$/.test(f.name)) && f.originalSize <= MAX_PART_BYTES,
  });
  const text = (name: string) => (parts[name] ? strFromU8(parts[name]) : '');
  const targets = new Map<string, string>();
  for (const m of text('ppt/_rels/presentation.xml.rels').matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\sId="([^"]*)"/.exec(m[1]!)?.[1];
    const target = /\sTarget="([^"]*)"/.exec(m[1]!)?.[1];
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `ppt/${target}`);
  }
  const hidden = new Set<number>();
  const order = [...text('ppt/presentation.xml').matchAll(/<(?:\w+:)?sldId\b([^>]*)\/?>/g)];
  order.forEach((m, i) => {
    // The relationship's id (r:id), not the slide's own number (id).
    const rid = /\s\w+:id="([^"]*)"/.exec(m[1]!)?.[1];
    const part = rid ? text(targets.get(rid) ?? '') : '';
    const root = /<(?:\w+:)?sld\b([^>]*)>/.exec(part)?.[1] ?? '';
    if (/\sshow="(0|false)"/.test(root)) hidden.add(i + 1);
  });
  return hidden;
}
