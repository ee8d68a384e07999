import PDFDocument from 'pdfkit';
import type { DocumentInput } from '../../../ai/tools/document.ts';
import { sectionBlocks, type TableBlock } from './blocks.ts';
import { FONT_FILES, HOUSE, columnWeights, footerText, isTotalRow, numericColumns, subtitleLines, type DocumentMeta } from './house.ts';

const hex = (c: string) => `#${c}`;

/**
 * The typefaces by their file paths, not by names given with registerFont: pdfkit caches a font
 * under the name it was asked by, and a table cell with its own font switches back to the
 * document's font by its path (`_fontSource`), which a registered name never cached — so every
 * cell of a table read and parsed the font file anew, three times: a table of 300 rows took 18 s,
 * the event loop held throughout. By path, every switch is a cache hit.
 */
const FONT = { Regular: FONT_FILES.regular, Bold: FONT_FILES.bold, Semi: FONT_FILES.semibold } as const;
const MARGIN = { top: 64, bottom: 72, left: 62, right: 62 };

/** A4 PDF in the house layout, with the typeface embedded (umlauts and ß render everywhere). */
export function renderPdf(doc: DocumentInput, meta: DocumentMeta): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      info: { Title: doc.titel, Author: meta.assistantName, Creator: 'Mika' },
      lang: 'de-DE',
      displayTitle: true,
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    const width = pdf.page.width - MARGIN.left - MARGIN.right;

    // Title block: a short accent bar, the title, the subtitle and a thin rule.
    pdf.rect(MARGIN.left, MARGIN.top, 44, 4).fill(hex(HOUSE.accent));
    pdf.moveDown(0.6);
    pdf.font(FONT.Bold).fontSize(22).fillColor(hex(HOUSE.ink)).text(doc.titel, MARGIN.left, MARGIN.top + 16, { width });
    const subtitle = subtitleLines(doc, meta);
    if (subtitle.length > 0) pdf.moveDown(0.3);
    for (const line of subtitle) pdf.font(FONT.Regular).fontSize(10.5).fillColor(hex(HOUSE.muted)).text(line, { width });
    pdf.moveDown(0.8);
    const ruleY = pdf.y;
    pdf.moveTo(MARGIN.left, ruleY).lineTo(MARGIN.left + width, ruleY).lineWidth(0.6).strokeColor(hex(HOUSE.rule)).stroke();
    pdf.y = ruleY + 14;

    const ensureRoom = (points: number) => {
      if (pdf.y + points > pdf.page.height - MARGIN.bottom) pdf.addPage();
    };

    /** A drawn table: dark header row, zebra rows, numbers right-aligned, a closing row in bold. */
    const drawTable = (table: TableBlock) => {
      const numeric = numericColumns(table.spalten, table.zeilen);
      const align = (i: number) => ({ x: numeric[i] ? ('right' as const) : ('left' as const) });
      ensureRoom(50);
      pdf.x = MARGIN.left;
      pdf.fontSize(9.5);
      pdf.table({
        position: { x: MARGIN.left, y: pdf.y },
        maxWidth: width,
        columnStyles: columnWeights(table.spalten, table.zeilen).map((w) => w * width),
        defaultStyle: {
          border: { bottom: 0.5, top: 0, left: 0, right: 0 },
          borderColor: hex(HOUSE.rule),
          padding: { top: 5, bottom: 5, left: 6, right: 6 },
          textColor: hex(HOUSE.ink),
        },
        rowStyles: (i) =>
          i === 0
            ? { backgroundColor: hex(HOUSE.headerFill), textColor: hex(HOUSE.headerText), border: 0 }
            : i % 2 === 0
              ? { backgroundColor: hex(HOUSE.zebra) }
              : undefined,
        data: [
          table.spalten.map((text, i) => ({ text, font: { src: FONT.Semi }, type: 'TH' as const, align: align(i) })),
          ...table.zeilen.map((row) => row.map((text, i) => ({ text, font: { src: isTotalRow(row) ? FONT.Bold : FONT.Regular }, align: align(i) }))),
        ],
      });
      pdf.x = MARGIN.left;
      pdf.moveDown(1);
    };

    for (const section of doc.abschnitte) {
      ensureRoom(60);
      pdf.x = MARGIN.left;
      pdf.font(FONT.Semi).fontSize(14).fillColor(hex(HOUSE.ink)).text(section.ueberschrift, { width });
      pdf.moveDown(0.35);
      const blocks = sectionBlocks(section);
      blocks.forEach((block, b) => {
        if (block.kind === 'paragraph') {
          pdf.font(FONT.Regular).fontSize(10.5).fillColor(hex(HOUSE.ink)).text(block.text, { width, lineGap: 2.5, align: 'left' });
          pdf.moveDown(0.55);
        } else if (block.kind === 'point') {
          ensureRoom(16);
          const y = pdf.y;
          pdf.font(FONT.Bold).fontSize(10.5).fillColor(hex(HOUSE.accent)).text('•', MARGIN.left + 4, y, { width: 12 });
          pdf.font(FONT.Regular).fillColor(hex(HOUSE.ink)).text(block.text, MARGIN.left + 18, y, { width: width - 18, lineGap: 2.5 });
          pdf.moveDown(0.3);
          pdf.x = MARGIN.left;
          // A list ends with a little room before what follows.
          if (blocks[b + 1]?.kind !== 'point') pdf.moveDown(0.4);
        } else {
          drawTable(block);
        }
      });
      pdf.moveDown(0.5);
    }

    // Footer on every page: where it came from, and the page count.
    const range = pdf.bufferedPageRange();
    const footer = footerText(meta);
    for (let i = range.start; i < range.start + range.count; i++) {
      pdf.switchToPage(i);
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      const y = pdf.page.height - 44;
      pdf.moveTo(MARGIN.left, y - 8).lineTo(MARGIN.left + width, y - 8).lineWidth(0.5).strokeColor(hex(HOUSE.rule)).stroke();
      pdf.font(FONT.Regular).fontSize(8.5).fillColor(hex(HOUSE.muted));
      pdf.text(footer, MARGIN.left, y, { width: width / 2, lineBreak: false });
      pdf.text(`Seite ${i - range.start + 1} von ${range.count}`, MARGIN.left + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
      pdf.page.margins.bottom = bottom;
    }
    pdf.end();
  });
}
