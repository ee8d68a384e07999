// Which slides of a .pptx are hidden (PowerPoint's «Folie ausblenden»: `show="0"` on the slide).
// officeparser reads them like any other; a deck's hidden slides often hold what the presenter
// keeps back (backup figures, internal margins), so they are left out as a workbook's hidden
// sheets are (decision 060).
import { relationshipTargets, type PackageParts } from './office-package.ts';

/** The parts hiddenSlideNumbers reads. */
export const isSlidePart = (name: string) =>
  name === 'ppt/presentation.xml' || name === 'ppt/_rels/presentation.xml.rels' || /^ppt\/slides\/slide\d+\.xml$/.test(name);

/**
 * The 1-based numbers, in the presentation's order (as officeparser numbers its slide nodes), of
 * the slides shown not at all, from the package's parts unpacked with `isSlidePart`.
 */
export function hiddenSlideNumbers(parts: PackageParts): Set<number> {
  const targets = relationshipTargets(parts.text('ppt/_rels/presentation.xml.rels'), 'ppt');
  const hidden = new Set<number>();
  const order = [...parts.text('ppt/presentation.xml').matchAll(/<(?:\w+:)?sldId\b([^>]*)\/?>/g)];
  order.forEach((m, i) => {
    // The relationship's id (r:id), not the slide's own number (id).
    const rid = /\s\w+:id="([^"]*)"/.exec(m[1]!)?.[1];
    const part = rid ? parts.text(targets.get(rid) ?? '') : '';
    const root = /<(?:\w+:)?sld\b([^>]*)>/.exec(part)?.[1] ?? '';
    if (/\sshow="(0|false)"/.test(root)) hidden.add(i + 1);
  });
  return hidden;
}
