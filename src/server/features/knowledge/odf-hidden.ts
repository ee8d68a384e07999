// What an OpenDocument file hides, taken out before officeparser reads it (which reads all of it):
// a sheet, row or column hidden in Calc, a slide or shape hidden in Impress, text and sections
// hidden in Writer. What the office program shows is what the Mika knows (decision 060): a price
// list's hidden purchase prices must not reach a Mika its owner publishes.
import { rewrittenPackage } from './office-package.ts';

const CONTENT = 'content.xml';
const STYLES = 'styles.xml';
// Quick test: the content names something that may hide (most files hide nothing and are read as they came).
const MARK = /table:display="false"|table:visibility="(?:collapse|filter)"|presentation:visibility="hidden"|:display="(?:none|printer)"/;

/**
 * The file without what it hides, or undefined when it hides nothing (or cannot be read for it).
 * The content is rewritten in one pass over its tags, not through a DOM: a sheet of 20,000 rows
 * (16 MB of XML) took 6 s to parse and write back with @xmldom/xmldom, twice officeparser's own time.
 */
export function withoutHiddenOdf(data: Uint8Array): Uint8Array | undefined {
  return rewrittenPackage(
    data,
    (name) => name === CONTENT || name === STYLES,
    (parts) => {
      const content = parts.get(CONTENT);
      if (!content || !MARK.test(content)) return undefined;
      const visible = withoutHidden(content, odfStyles([content, parts.get(STYLES) ?? '']));
      return visible === undefined ? undefined : new Map([[CONTENT, visible]]);
    },
  );
}

interface OdfStyle {
  parent: string | undefined;
  /** What its properties say: table:display, presentation:visibility, text:display; undefined: nothing. */
  hides: boolean | undefined;
}

const attributeRe = new Map<string, RegExp>();
/** An attribute's value in a start tag's attribute text (as written: names are compared raw). */
function attribute(attributes: string, name: string): string | undefined {
  let re = attributeRe.get(name);
  if (!re) attributeRe.set(name, (re = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = re.exec(attributes);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** The styles of content.xml (automatic) and styles.xml (common) by family and name. */
function odfStyles(parts: string[]): Map<string, OdfStyle> {
  const styles = new Map<string, OdfStyle>();
  for (const xml of parts) {
    for (const m of xml.matchAll(/<style:style\b((?:[^>"']|"[^"]*"|'[^']*')*?)(?:\/>|>([\s\S]*?)<\/style:style>)/g)) {
      const own = m[1]!;
      const properties = m[2] ?? '';
      let hides: boolean | undefined;
      const display = attribute(properties, 'table:display') ?? attribute(properties, 'text:display');
      if (display) hides = display === 'false' || display === 'none';
      const visibility = attribute(properties, 'presentation:visibility');
      if (visibility) hides = visibility === 'hidden';
      styles.set(`${attribute(own, 'style:family')}:${attribute(own, 'style:name')}`, { parent: attribute(own, 'style:parent-style-name'), hides });
    }
  }
  return styles;
}

/** Whether a style of the family hides, through its parent styles; undefined when none says. */
function styleHides(styles: Map<string, OdfStyle>, family: string, name: string | undefined): boolean | undefined {
  const seen = new Set<string>();
  for (let at = name; at && !seen.has(at); at = styles.get(`${family}:${at}`)?.parent) {
    seen.add(at);
    const hides = styles.get(`${family}:${at}`)?.hides;
    if (hides !== undefined) return hides;
  }
  return undefined;
}

/** A tag (start, end or empty; attribute values may hold `>`), or a comment, processing instruction or CDATA section. */
const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>/g;
const HIDDEN_LINE = /^(?:collapse|filter)$/;

interface Frame {
  name: string;
  /** A paragraph whose style hides it: only a span that shows itself again is kept. */
  hiddenParagraph?: boolean;
  /** A table's hidden column ranges and how many columns it has named so far. */
  table?: { hidden: [number, number][]; columns: number };
  /** A row's position of its next cell. */
  cell?: number;
}

const repeated = (attributes: string, name: string) => Math.max(1, Number(attribute(attributes, name)) || 1);

/**
 * The content without what it hides, in one pass: hidden sheets, hidden and filtered-out rows,
 * hidden columns (each row's cells there; a repeated cell shrinks), hidden slides (emptied, not
 * removed: the others keep their numbers, and their notes go with them), shapes not shown on
 * screen (`draw:display` none or printer: Impress's «Sichtbar» unticked), hidden sections, and
 * spans and paragraphs whose style hides them (in a hidden paragraph only a span that shows itself
 * again stays). Undefined when it hides nothing.
 */
function withoutHidden(xml: string, styles: Map<string, OdfStyle>): string | undefined {
  let out = '';
  let from = 0;
  let removed = 0;
  const stack: Frame[] = [];
  const drop = (start: number, end: number) => {
    out += xml.slice(from, start);
    from = end;
  };
  const re = new RegExp(TAG.source, 'g');
  /** The end of the element whose start tag ends at `re.lastIndex`: [where its end tag starts, where it ends]. */
  const skipElement = (): [number, number] => {
    for (let depth = 1, m = re.exec(xml); m; m = re.exec(xml)) {
      if (m[2] === undefined || m[4]) continue;
      depth += m[1] ? -1 : 1;
      if (depth === 0) return [m.index, re.lastIndex];
    }
    return [xml.length, xml.length];
  };
  let previousEnd = 0;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const [tag, close, name, attributes = '', empty] = m;
    const start = m.index;
    const end = start + tag.length;
    const parent = stack.at(-1);
    // Text straight inside a hidden paragraph is not shown.
    if (parent?.hiddenParagraph && start > previousEnd) drop(previousEnd, start);
    previousEnd = end;
    if (name === undefined) continue;
    if (close) {
      stack.pop();
      continue;
    }
    const hide = (): void => {
      removed++;
      if (empty) drop(start, end);
      else drop(start, skipElement()[1]);
      previousEnd = re.lastIndex;
    };
    const display = attribute(attributes, 'draw:display') ?? attribute(attributes, 'drawooo:display');
    if (display === 'none' || display === 'printer') {
      hide();
      continue;
    }
    if (parent?.hiddenParagraph && !(name === 'text:span' && styleHides(styles, 'text', attribute(attributes, 'text:style-name')) === false)) {
      hide();
      continue;
    }
    const table = stack.findLast((f) => f.table)?.table;
    let frame: Frame = { name };
    switch (name) {
      case 'table:table':
        if (styleHides(styles, 'table', attribute(attributes, 'table:style-name'))) {
          hide();
          continue;
        }
        frame = { name, table: { hidden: [], columns: 0 } };
        break;
      case 'table:table-column': {
        const count = repeated(attributes, 'table:number-columns-repeated');
        if (table && HIDDEN_LINE.test(attribute(attributes, 'table:visibility') ?? '')) table.hidden.push([table.columns, table.columns + count]);
        if (table) table.columns += count;
        break;
      }
      case 'table:table-row':
        if (HIDDEN_LINE.test(attribute(attributes, 'table:visibility') ?? '')) {
          hide();
          continue;
        }
        frame = { name, cell: 0 };
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        if (parent?.cell === undefined || !table?.hidden.length) break;
        const at = parent.cell;
        const count = repeated(attributes, 'table:number-columns-repeated');
        parent.cell += count;
        const covered = table.hidden.reduce((n, [first, last]) => n + Math.max(0, Math.min(last, at + count) - Math.max(first, at)), 0);
        if (covered >= count) {
          hide();
          continue;
        }
        if (covered > 0) {
          // The same cell repeated over fewer columns.
          removed++;
          const shrunk = `${tag.slice(0, tag.length - (empty ? 2 : 1)).replace(/\stable:number-columns-repeated\s*=\s*(?:"[^"]*"|'[^']*')/, '')} table:number-columns-repeated="${count - covered}"${empty ? '/>' : '>'}`;
          out += xml.slice(from, start) + shrunk;
          from = end;
        }
        break;
      }
      case 'draw:page':
        if (styleHides(styles, 'drawing-page', attribute(attributes, 'draw:style-name')) && !empty) {
          // Emptied: its start and end tags stay, what it holds goes.
          removed++;
          const [endStart, endEnd] = skipElement();
          drop(end, endStart);
          previousEnd = endEnd;
          continue;
        }
        break;
      case 'text:section':
        if (attribute(attributes, 'text:display') === 'none') {
          hide();
          continue;
        }
        break;
      case 'text:span':
        if (!parent?.hiddenParagraph && styleHides(styles, 'text', attribute(attributes, 'text:style-name'))) {
          hide();
          continue;
        }
        break;
      case 'text:p':
      case 'text:h':
        if (styleHides(styles, 'paragraph', attribute(attributes, 'text:style-name'))) {
          removed++;
          frame = { name, hiddenParagraph: true };
        }
        break;
    }
    if (!empty) stack.push(frame);
  }
  return removed > 0 ? out + xml.slice(from) : undefined;
}
