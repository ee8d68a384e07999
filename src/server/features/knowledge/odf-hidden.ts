// What an OpenDocument file hides, taken out before officeparser reads it (which reads all of it):
// a sheet, row or column hidden in Calc, a slide or shape hidden in Impress, text and sections
// hidden in Writer. What the office program shows is what the Mika knows (decision 060): a price
// list's hidden purchase prices must not reach a Mika its owner publishes.
import { XMLSerializer, type Document, type Element } from '@xmldom/xmldom';
import { parseXml, rewrittenPackage } from './office-package.ts';

const CONTENT = 'content.xml';
const STYLES = 'styles.xml';
// Quick test: the content names something that may hide (most files hide nothing and are read as they came).
const MARK = /table:display="false"|table:visibility="(?:collapse|filter)"|presentation:visibility="hidden"|:display="(?:none|printer)"/;

/** The file without what it hides, or undefined when it hides nothing (or cannot be read for it). */
export function withoutHiddenOdf(data: Uint8Array): Uint8Array | undefined {
  return rewrittenPackage(
    data,
    (name) => name === CONTENT || name === STYLES,
    (parts) => {
      const content = parts.get(CONTENT);
      if (!content || !MARK.test(content)) return undefined;
      const doc = parseXml(content);
      const styles = odfStyles([doc, ...(parts.has(STYLES) ? [parseXml(parts.get(STYLES)!)] : [])]);
      const removed = hideSheets(doc, styles) + hideSlides(doc, styles) + hideText(doc, styles) + hideShapes(doc);
      return removed ? new Map([[CONTENT, new XMLSerializer().serializeToString(doc)]]) : undefined;
    },
  );
}

interface OdfStyle {
  family: string;
  parent: string | null;
  /** The properties that hide or show: table:display, presentation:visibility, text:display. */
  hides: boolean | undefined;
}

/** The styles of the given documents (automatic ones in content.xml, common ones in styles.xml) by family and name. */
function odfStyles(docs: Document[]): Map<string, OdfStyle> {
  const styles = new Map<string, OdfStyle>();
  for (const doc of docs) {
    for (const style of Array.from(doc.getElementsByTagName('style:style'))) {
      const family = style.getAttribute('style:family') ?? '';
      let hides: boolean | undefined;
      for (const properties of Array.from(style.childNodes) as Element[]) {
        if (properties.nodeType !== 1) continue;
        const display = properties.getAttribute('table:display') ?? properties.getAttribute('text:display');
        const visibility = properties.getAttribute('presentation:visibility');
        if (display) hides = display === 'false' || display === 'none';
        if (visibility) hides = visibility === 'hidden';
      }
      styles.set(`${family}:${style.getAttribute('style:name')}`, { family, parent: style.getAttribute('style:parent-style-name'), hides });
    }
  }
  return styles;
}

/** Whether a style of the family hides, through its parent styles; undefined when none says. */
function styleHides(styles: Map<string, OdfStyle>, family: string, name: string | null): boolean | undefined {
  const seen = new Set<string>();
  for (let at = name; at && !seen.has(at); at = styles.get(`${family}:${at}`)?.parent ?? null) {
    seen.add(at);
    const hides = styles.get(`${family}:${at}`)?.hides;
    if (hides !== undefined) return hides;
  }
  return undefined;
}

const remove = (node: Element) => node.parentNode?.removeChild(node);
const repeated = (element: Element, attribute: string) => Math.max(1, Number(element.getAttribute(attribute)) || 1);

/** Hidden sheets, hidden and filtered-out rows, hidden columns (Calc). */
function hideSheets(doc: Document, styles: Map<string, OdfStyle>): number {
  let removed = 0;
  for (const table of Array.from(doc.getElementsByTagName('table:table'))) {
    if (styleHides(styles, 'table', table.getAttribute('table:style-name'))) {
      remove(table);
      removed++;
      continue;
    }
    for (const row of Array.from(table.getElementsByTagName('table:table-row'))) {
      if (!/^(?:collapse|filter)$/.test(row.getAttribute('table:visibility') ?? '')) continue;
      remove(row);
      removed++;
    }
    // The hidden columns' positions, then each row's cells at those positions (repeated cells shrink).
    const hidden: [number, number][] = [];
    let position = 0;
    for (const column of Array.from(table.getElementsByTagName('table:table-column'))) {
      const count = repeated(column, 'table:number-columns-repeated');
      if (/^(?:collapse|filter)$/.test(column.getAttribute('table:visibility') ?? '')) hidden.push([position, position + count]);
      position += count;
    }
    if (hidden.length === 0) continue;
    for (const row of Array.from(table.getElementsByTagName('table:table-row'))) {
      if (enclosingTable(row) !== table) continue;
      let at = 0;
      const cells = (Array.from(row.childNodes) as Element[]).filter((n) => n.nodeName === 'table:table-cell' || n.nodeName === 'table:covered-table-cell');
      for (const cell of cells) {
        const count = repeated(cell, 'table:number-columns-repeated');
        const covered = hidden.reduce((n, [from, to]) => n + Math.max(0, Math.min(to, at + count) - Math.max(from, at)), 0);
        at += count;
        if (covered === 0) continue;
        removed++;
        if (covered >= count) remove(cell);
        else cell.setAttribute('table:number-columns-repeated', String(count - covered));
      }
    }
  }
  return removed;
}

const enclosingTable = (node: Element): Element | undefined => {
  for (let at = node.parentNode; at; at = at.parentNode) if (at.nodeType === 1 && (at as Element).nodeName === 'table:table') return at as Element;
  return undefined;
};

/**
 * Hidden slides (Impress): emptied, not removed, so the other slides keep their numbers (an empty
 * slide is no passage). Their notes go with them.
 */
function hideSlides(doc: Document, styles: Map<string, OdfStyle>): number {
  let removed = 0;
  for (const page of Array.from(doc.getElementsByTagName('draw:page'))) {
    if (!styleHides(styles, 'drawing-page', page.getAttribute('draw:style-name'))) continue;
    while (page.firstChild) page.removeChild(page.firstChild);
    removed++;
  }
  return removed;
}

/**
 * Hidden text (Writer's «Ausgeblendet»): spans and paragraphs whose style hides them, sections
 * hidden by their own setting. In a hidden paragraph, only a span that shows itself again is read.
 */
function hideText(doc: Document, styles: Map<string, OdfStyle>): number {
  let removed = 0;
  for (const section of Array.from(doc.getElementsByTagName('text:section'))) {
    if (section.getAttribute('text:display') !== 'none' || !section.parentNode) continue;
    remove(section);
    removed++;
  }
  for (const span of Array.from(doc.getElementsByTagName('text:span'))) {
    if (!span.parentNode || !styleHides(styles, 'text', span.getAttribute('text:style-name'))) continue;
    remove(span);
    removed++;
  }
  for (const name of ['text:p', 'text:h']) {
    for (const paragraph of Array.from(doc.getElementsByTagName(name))) {
      if (!paragraph.parentNode || !styleHides(styles, 'paragraph', paragraph.getAttribute('text:style-name'))) continue;
      const shown = Array.from(paragraph.childNodes).filter(
        (n) => n.nodeType === 1 && (n as Element).nodeName === 'text:span' && styleHides(styles, 'text', (n as Element).getAttribute('text:style-name')) === false,
      );
      if (shown.length === 0) remove(paragraph);
      else for (const child of Array.from(paragraph.childNodes)) if (!shown.includes(child)) paragraph.removeChild(child);
      removed++;
    }
  }
  return removed;
}

/** Shapes not shown on screen (Impress's and Draw's «Sichtbar» unticked: `draw:display` none or printer). */
function hideShapes(doc: Document): number {
  let removed = 0;
  for (const shape of Array.from(doc.getElementsByTagName('*'))) {
    if (!shape.parentNode) continue;
    const display = shape.getAttribute('draw:display') ?? shape.getAttribute('drawooo:display');
    if (display !== 'none' && display !== 'printer') continue;
    remove(shape);
    removed++;
  }
  return removed;
}
