import PptxGenJS from 'pptxgenjs';
import type { DocumentInput } from '../../../ai/tools/document.ts';
import { sectionBlocks, tableGroups, type DocBlock, type TableBlock } from './blocks.ts';
import { HOUSE, columnWeights, footerText, isTotalRow, numericColumns, subtitleLines, type DocumentMeta } from './house.ts';

// pptxgenjs is CommonJS: its default import is the class at run time, a namespace to the types.
const Pptx = PptxGenJS as unknown as new () => PptxGenJS.default;
type Slide = PptxGenJS.default.Slide;

const W = 13.333;
const H = 7.5;
const X = 0.7;
const CONTENT_W = W - 2 * X;
const MASTER = 'MIKA_CONTENT';

function bullets(blocks: DocBlock[]): PptxGenJS.default.TextProps[] {
  return blocks.flatMap((block) =>
    block.kind === 'paragraph'
      ? [{ text: block.text, options: { breakLine: true, paraSpaceAfter: 8 } }]
      : block.kind === 'point'
        ? [{ text: block.text, options: { bullet: { indent: 18 }, breakLine: true, paraSpaceAfter: 6 } }]
        : [],
  );
}

/** A real table (a:tbl): header row dark, zebra rows, numbers right-aligned; long tables continue on the next slides. */
function addTable(slide: Slide, table: TableBlock, y: number) {
  const rows = table.zeilen;
  const numeric = numericColumns(table.spalten, rows);
  const header = table.spalten.map((text, i) => ({
    text,
    options: { bold: true, color: HOUSE.headerText, fill: { color: HOUSE.headerFill }, align: numeric[i] ? ('right' as const) : ('left' as const) },
  }));
  const body = rows.map((row, r) =>
    row.map((text, i) => ({
      text,
      options: {
        color: HOUSE.ink,
        bold: isTotalRow(row),
        align: numeric[i] ? ('right' as const) : ('left' as const),
        ...(r % 2 === 1 ? { fill: { color: HOUSE.zebra } } : {}),
      },
    })),
  );
  slide.addTable([header, ...body], {
    x: X,
    y,
    w: CONTENT_W,
    colW: columnWeights(table.spalten, rows).map((w) => w * CONTENT_W),
    rowH: rows.length > 8 ? 0.32 : 0.42,
    valign: 'middle',
    fontFace: HOUSE.font,
    fontSize: rows.length > 8 ? 11 : 13,
    margin: 0.06,
    border: { type: 'solid', pt: 0.5, color: HOUSE.rule },
    autoPage: true,
    autoPageRepeatHeader: true,
    autoPageSlideStartY: 1.55,
  });
}

/** A 16:9 presentation: a title slide, then one slide per section with a real title placeholder. */
export async function renderPptx(doc: DocumentInput, meta: DocumentMeta): Promise<Buffer> {
  const pptx = new Pptx();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.author = meta.assistantName;
  pptx.company = 'Mika';
  pptx.title = doc.titel;
  pptx.theme = { headFontFace: HOUSE.font, bodyFontFace: HOUSE.font };
  pptx.defineSlideMaster({
    title: MASTER,
    background: { color: 'FFFFFF' },
    objects: [
      { rect: { x: X, y: 1.22, w: 0.9, h: 0.06, fill: { color: HOUSE.accent } } },
      { line: { x: X, y: H - 0.6, w: CONTENT_W, h: 0, line: { color: HOUSE.rule, width: 0.75 } } },
      { text: { text: footerText(meta), options: { x: X, y: H - 0.55, w: 8, h: 0.35, fontFace: HOUSE.font, fontSize: 10, color: HOUSE.muted } } },
      {
        placeholder: {
          options: { name: 'title', type: 'title', x: X, y: 0.35, w: CONTENT_W, h: 0.85, fontFace: HOUSE.font, fontSize: 28, bold: true, color: HOUSE.ink, valign: 'bottom', align: 'left' },
          text: '',
        },
      },
    ],
    slideNumber: { x: W - X - 0.6, y: H - 0.55, w: 0.6, h: 0.35, fontFace: HOUSE.font, fontSize: 10, color: HOUSE.muted, align: 'right' },
  });

  // Title slide: dark, with the accent bar.
  const cover = pptx.addSlide();
  cover.background = { color: HOUSE.ink };
  cover.addShape('rect', { x: X, y: 2.6, w: 1.1, h: 0.08, fill: { color: HOUSE.accent }, line: { color: HOUSE.accent, width: 0 } });
  cover.addText(doc.titel, { x: X, y: 2.8, w: CONTENT_W, h: 1.4, fontFace: HOUSE.font, fontSize: 40, bold: true, color: 'FFFFFF', valign: 'top' });
  const subtitle = subtitleLines(doc, meta).join('\n');
  if (subtitle) cover.addText(subtitle, { x: X, y: 4.3, w: CONTENT_W, h: 0.8, fontFace: HOUSE.font, fontSize: 18, color: 'C9CED6', valign: 'top' });
  cover.addText(footerText(meta), { x: X, y: H - 0.9, w: CONTENT_W, h: 0.4, fontFace: HOUSE.font, fontSize: 12, color: 'A7AFBA' });

  for (const section of doc.abschnitte) {
    // One slide per table (with the text before it); text after the last table gets a slide too.
    const groups = tableGroups(sectionBlocks(section));
    (groups.length > 0 ? groups : [{ text: [] }]).forEach((group: { text: DocBlock[]; table?: TableBlock }, g) => {
      const slide = pptx.addSlide({ masterName: MASTER });
      slide.addText(g === 0 ? section.ueberschrift : `${section.ueberschrift} (Fortsetzung)`, { placeholder: 'title' });
      const text = bullets(group.text);
      const top = 1.55;
      const bottom = H - 0.8;
      if (group.table) {
        // Auto-paging continues a long table on the next slides, with its header repeated.
        const textH = text.length === 0 ? 0 : Math.min(1.8, 0.45 * text.length + 0.2);
        if (textH > 0) slide.addText(text, { x: X, y: top, w: CONTENT_W, h: textH, fontFace: HOUSE.font, fontSize: 16, color: HOUSE.ink, valign: 'top', fit: 'shrink' });
        addTable(slide, group.table, top + textH + (textH > 0 ? 0.15 : 0));
      } else if (text.length > 0) {
        slide.addText(text, { x: X, y: top, w: CONTENT_W, h: bottom - top, fontFace: HOUSE.font, fontSize: text.length > 6 ? 16 : 20, color: HOUSE.ink, valign: 'top', fit: 'shrink' });
      }
    });
  }
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
}
