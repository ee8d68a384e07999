// What a .pptx hides: slides (PowerPoint's «Folie ausblenden»: `show="0"` on the slide) and shapes
// on a slide (the selection pane's eye: `hidden="1"` on the shape's properties). officeparser reads
// them like any other; what a presenter keeps back (backup figures, internal margins, the
// alternative wording parked beside the slide) is left out as a workbook's hidden sheets are
// (decision 060).
import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { attributeOn, parseXml, rewrittenPackage, relationshipTargets, type PackageParts } from './office-package.ts';

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

const SLIDE = /^ppt\/slides\/slide\d+\.xml$/;
const HIDDEN_SHAPE = /<(?:\w+:)?cNvPr\b[^>]*\shidden="(?:1|true)"/;

/**
 * The deck without the shapes its slides hide — a text box, a picture, a table or chart, a group
 * with all it holds — or undefined when it hides none (or cannot be read for it).
 */
export function withoutHiddenShapes(data: Uint8Array): Uint8Array | undefined {
  return rewrittenPackage(
    data,
    (name) => SLIDE.test(name),
    (parts) => {
      const changed = new Map<string, string>();
      for (const [name, xml] of parts) {
        if (!HIDDEN_SHAPE.test(xml)) continue;
        const doc = parseXml(xml);
        // A shape's cNvPr sits in its non-visual properties (p:nvSpPr, p:nvPicPr, …), in the shape.
        const shapes = Array.from(doc.getElementsByTagName('*')).filter((e) => e.localName === 'cNvPr' && attributeOn(e, 'hidden'));
        let removed = 0;
        for (const properties of shapes) {
          const shape = properties.parentNode?.parentNode as Element | null | undefined;
          if (!shape?.parentNode || shape.localName === 'spTree') continue;
          shape.parentNode.removeChild(shape);
          removed++;
        }
        if (removed) changed.set(name, new XMLSerializer().serializeToString(doc));
      }
      return changed.size ? changed : undefined;
    },
  );
}
