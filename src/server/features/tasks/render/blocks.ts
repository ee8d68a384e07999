import type { DocumentSection } from '../../../ai/tools/document.ts';
import { splitTables } from '../../../../shared/markdown-parse.ts';
import { normalizedRows } from './house.ts';

// A section's content in reading order, as every renderer draws it. A pipe table that a model (or
// text from the knowledge) wrote into a paragraph is lifted out as a real table — the tool asks
// for `tabelle`, but a document must never show "| --- |" (docs/tasks.md).

export type TableBlock = { kind: 'table'; spalten: string[]; zeilen: string[][] };
export type DocBlock = { kind: 'paragraph'; text: string } | { kind: 'point'; text: string } | TableBlock;

export function sectionBlocks(section: DocumentSection): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const paragraph of section.absaetze ?? []) {
    for (const piece of splitTables(paragraph)) {
      blocks.push(piece.type === 'text' ? { kind: 'paragraph', text: piece.text } : { kind: 'table', spalten: piece.header, zeilen: piece.rows });
    }
  }
  for (const point of section.punkte ?? []) blocks.push({ kind: 'point', text: point });
  if (section.tabelle) blocks.push({ kind: 'table', spalten: section.tabelle.spalten, zeilen: normalizedRows(section.tabelle) });
  return blocks;
}

/**
 * For formats where a table has a page of its own (an Excel sheet, a slide): each table with the
 * text before it; text after the last table is a group without a table.
 */
export function tableGroups(blocks: DocBlock[]): { text: DocBlock[]; table?: TableBlock }[] {
  const groups: { text: DocBlock[]; table?: TableBlock }[] = [{ text: [] }];
  for (const block of blocks) {
    const last = groups.at(-1)!;
    if (block.kind === 'table') {
      if (last.table) groups.push({ text: [], table: block });
      else last.table = block;
    } else if (last.table) groups.push({ text: [block] });
    else last.text.push(block);
  }
  return groups.filter((g) => g.table || g.text.length > 0);
}
