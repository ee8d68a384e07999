import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableLayoutType,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { DocumentInput } from '../../../ai/tools/document.ts';
import { sectionBlocks } from './blocks.ts';
import { HOUSE, columnWeights, footerText, isTotalRow, numericColumns, subtitleLines, type DocumentMeta } from './house.ts';

const pt = (n: number) => n * 2; // docx sizes are half-points
/** A4 width minus the margins, in twentieths of a point. */
const CONTENT_TWIPS = 11906 - 2 * 1250;

function table(spalten: string[], rows: string[][]): Table {
  const numeric = numericColumns(spalten, rows);
  const thin = { style: BorderStyle.SINGLE, size: 4, color: HOUSE.rule };
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const widths = columnWeights(spalten, rows).map((w) => Math.round(w * CONTENT_TWIPS));
  const cell = (text: string, i: number, opts: { header?: boolean; zebra?: boolean; bold?: boolean }) =>
    new TableCell({
      width: { size: widths[i]!, type: WidthType.DXA },
      shading: opts.header
        ? { type: ShadingType.CLEAR, color: 'auto', fill: HOUSE.headerFill }
        : opts.zebra
          ? { type: ShadingType.CLEAR, color: 'auto', fill: HOUSE.zebra }
          : undefined,
      margins: { top: 80, bottom: 80, left: 120, right: 120 },
      children: [
        new Paragraph({
          alignment: numeric[i] ? AlignmentType.RIGHT : AlignmentType.LEFT,
          spacing: { before: 0, after: 0, line: 260 },
          children: [new TextRun({ text, bold: opts.header || opts.bold, color: opts.header ? HOUSE.headerText : HOUSE.ink, size: pt(9.5) })],
        }),
      ],
    });
  return new Table({
    width: { size: CONTENT_TWIPS, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders: { top: none, left: none, right: none, insideVertical: none, bottom: thin, insideHorizontal: thin },
    rows: [
      new TableRow({ tableHeader: true, children: spalten.map((text, i) => cell(text, i, { header: true })) }),
      ...rows.map((row, r) => new TableRow({ children: row.map((text, i) => cell(text, i, { zebra: r % 2 === 1, bold: isTotalRow(row) })) })),
    ],
  });
}

/** A Word document in the house layout: title block, real headings, bullet lists and tables. */
export async function renderDocx(doc: DocumentInput, meta: DocumentMeta): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      border: { top: { style: BorderStyle.SINGLE, size: 24, color: HOUSE.accent, space: 10 } },
      children: [new TextRun(doc.titel)],
    }),
  ];
  const subtitle = subtitleLines(doc, meta);
  subtitle.forEach((line, i) =>
    children.push(new Paragraph({ style: 'Subtitle', spacing: { after: i === subtitle.length - 1 ? 240 : 40 }, children: [new TextRun(line)] })),
  );
  for (const section of doc.abschnitte) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.ueberschrift)] }));
    for (const block of sectionBlocks(section)) {
      if (block.kind === 'paragraph') children.push(new Paragraph({ children: [new TextRun(block.text)] }));
      else if (block.kind === 'point') children.push(new Paragraph({ bullet: { level: 0 }, children: [new TextRun(block.text)] }));
      else {
        children.push(table(block.spalten, block.zeilen));
        children.push(new Paragraph({ spacing: { after: 120 }, children: [] }));
      }
    }
  }
  const document = new Document({
    creator: meta.assistantName,
    title: doc.titel,
    description: 'Erstellt mit Mika',
    styles: {
      default: {
        document: { run: { font: HOUSE.font, size: pt(10.5), color: HOUSE.ink }, paragraph: { spacing: { after: 140, line: 300 } } },
        title: {
          run: { font: HOUSE.font, size: pt(24), bold: true, color: HOUSE.ink },
          paragraph: { spacing: { after: 80, line: 264, lineRule: LineRuleType.AUTO } },
        },
        heading1: {
          run: { font: HOUSE.font, size: pt(14), bold: true, color: HOUSE.ink },
          paragraph: { spacing: { before: 320, after: 120 }, keepNext: true },
        },
      },
      paragraphStyles: [
        {
          id: 'Subtitle',
          name: 'Subtitle',
          basedOn: 'Normal',
          run: { color: HOUSE.muted, size: pt(10.5) },
          paragraph: { spacing: { after: 240 } },
        },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1300, bottom: 1300, left: 1250, right: 1250 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                border: { top: { style: BorderStyle.SINGLE, size: 4, color: HOUSE.rule, space: 6 } },
                children: [
                  new TextRun({ text: `${footerText(meta)}\tSeite `, color: HOUSE.muted, size: pt(8.5) }),
                  new TextRun({ children: [PageNumber.CURRENT], color: HOUSE.muted, size: pt(8.5) }),
                  new TextRun({ text: ' von ', color: HOUSE.muted, size: pt(8.5) }),
                  new TextRun({ children: [PageNumber.TOTAL_PAGES], color: HOUSE.muted, size: pt(8.5) }),
                ],
                tabStops: [{ type: 'right', position: 9400 }],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}
