/**
 * A small Markdown parser for text from a model (docs/decisions/012): CommonMark's everyday subset
 * plus GFM tables, strikethrough and bare links — about a fifth of a general-purpose parser, which
 * the public chat's size budget needs. It only builds a tree; markdown-render.tsx turns the tree
 * into React elements. Raw HTML is recognised only to be dropped.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'br' }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'image'; href: string; alt: string };

export type Align = 'left' | 'right' | 'center' | null;

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; depth: number; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'hr' }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'table'; align: Align[]; header: Inline[][]; rows: Inline[][][] };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const HTML_BLOCK = /^ {0,3}<(?:[A-Za-z][A-Za-z0-9-]*|\/[A-Za-z][A-Za-z0-9-]*|!--)(?:[\s/>]|$)/;
const DELIMITER_CELL = /^\s*:?-+:?\s*$/;
const blank = (line: string) => line.trim() === '';

/** Table cells of one row (leading and trailing pipes optional, `\|` stays a pipe). */
function splitCells(line: string): string[] {
  const cells = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/);
  return cells.map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function tableAt(lines: string[], i: number): { align: Align[]; header: string[]; end: number } | null {
  const head = lines[i];
  const delimiter = lines[i + 1];
  if (head === undefined || delimiter === undefined || !head.includes('|') || !delimiter.includes('-')) return null;
  const header = splitCells(head);
  const cells = splitCells(delimiter);
  if (header.length < 2 || cells.length !== header.length || !cells.every((c) => DELIMITER_CELL.test(c))) return null;
  const align = cells.map((c): Align => (c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : null));
  let end = i + 2;
  while (end < lines.length && !blank(lines[end]!) && lines[end]!.includes('|')) end++;
  return { align, header, end };
}

/** Does this line start a block that ends a paragraph? */
function interrupts(lines: string[], i: number): boolean {
  const line = lines[i]!;
  if (FENCE.test(line) || HEADING.test(line) || HR.test(line) || QUOTE.test(line) || HTML_BLOCK.test(line)) return true;
  const item = LIST_ITEM.exec(line);
  return item !== null && item[3] !== '' && (/^[-*+]$/.test(item[2]!) || /^1[.)]$/.test(item[2]!));
}

function parseList(lines: string[], start: number): { block: Block; end: number } {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const ordered = /\d/.test(first[2]!);
  const marker = first[2]!.slice(-1);
  const items: string[][] = [];
  let tight = true;
  let i = start;
  let sawBlank = false;
  while (i < lines.length) {
    const line = lines[i]!;
    const item = LIST_ITEM.exec(line);
    if (item && (ordered ? /\d/.test(item[2]!) && item[2]!.slice(-1) === marker : item[2] === marker)) {
      if (sawBlank && items.length) tight = false;
      sawBlank = false;
      const indent = item[0].length;
      items.push([line.slice(indent)]);
      i++;
      // The item's content: lines indented at least as far as its text, or lazy paragraph lines.
      while (i < lines.length) {
        const next = lines[i]!;
        if (blank(next)) {
          const following = lines.slice(i + 1).find((l) => !blank(l));
          if (following === undefined || following.length - following.trimStart().length < indent) break;
          items[items.length - 1]!.push('');
          if (!LIST_ITEM.test(following.slice(indent))) tight = false;
          i++;
          continue;
        }
        const depth = next.length - next.trimStart().length;
        if (depth >= indent) items[items.length - 1]!.push(next.slice(indent));
        else if (!interrupts(lines, i) && !LIST_ITEM.test(next) && !blank(items[items.length - 1]!.at(-1) ?? '')) items[items.length - 1]!.push(next.trim());
        else break;
        i++;
      }
      continue;
    }
    if (blank(line) && i + 1 < lines.length && LIST_ITEM.test(lines[i + 1]!)) {
      sawBlank = true;
      i++;
      continue;
    }
    break;
  }
  return {
    block: { type: 'list', ordered, start: ordered ? parseInt(first[2]!, 10) : 1, tight, items: items.map((content) => parseBlocks(content)) },
    end: i,
  };
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      const indent = line.length - line.trimStart().length;
      i++;
      while (i < lines.length && !new RegExp(`^ {0,3}${fence[1]![0]}{${fence[1]!.length},}\\s*$`).test(lines[i]!)) {
        body.push(lines[i]!.replace(new RegExp(`^ {0,${indent}}`), ''));
        i++;
      }
      i++;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', depth: heading[1]!.length, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (HR.test(line)) {
      blocks.push({ type: 'hr' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !blank(lines[i]!) && (QUOTE.test(lines[i]!) || body.length > 0)) {
        body.push(lines[i]!.replace(QUOTE, ''));
        i++;
      }
      blocks.push({ type: 'blockquote', children: parseBlocks(body) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const list = parseList(lines, i);
      blocks.push(list.block);
      i = list.end;
      continue;
    }
    if (HTML_BLOCK.test(line)) {
      // Raw HTML is never rendered: the whole block (up to a blank line) goes.
      while (i < lines.length && !blank(lines[i]!)) i++;
      continue;
    }
    const table = tableAt(lines, i);
    if (table) {
      const rows = lines.slice(i + 2, table.end).map((row) => {
        const cells = splitCells(row);
        return table.header.map((_, c) => parseInline(cells[c] ?? ''));
      });
      blocks.push({ type: 'table', align: table.align, header: table.header.map(parseInline), rows });
      i = table.end;
      continue;
    }
    const paragraph = [line.replace(/^\s+/, '')];
    i++;
    while (i < lines.length && !blank(lines[i]!) && !interrupts(lines, i) && !tableAt(lines, i)) {
      paragraph.push(lines[i]!.replace(/^\s+/, ''));
      i++;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n').replace(/\s+$/, '')) });
  }
  return blocks;
}

// --- Inline ------------------------------------------------------------------------------------

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const INLINE_HTML = /^(?:<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--[\s\S]*?-->)/;
const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*)>/;
const BARE_URL = /^https?:\/\/[^\s<]*[^\s<.,:;"')\]!?*_~]/;

/** The index of the bracket closing the one at `open`, honouring nesting, escapes and code. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

/** `(url "title")` after a link text: the destination and where it ends. */
function destination(text: string, at: number): { href: string; end: number } | null {
  if (text[at] !== '(') return null;
  const angled = /^\(\s*<([^<>\n]*)>(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(text.slice(at));
  if (angled) return { href: angled[1]!, end: at + angled[0].length };
  let depth = 0;
  let i = at + 1;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  const from = i;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (/\s/.test(c)) break;
  }
  const href = text.slice(from, i);
  const rest = /^(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(text.slice(i));
  return rest ? { href: href.replace(/\\([!-/:-@[-`{-~])/g, '$1'), end: i + rest[0].length } : null;
}

/** The closing delimiter run for an emphasis opened at `from` (same character and length). */
function closingRun(text: string, from: number, marker: string): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const close = text.indexOf(run, i + run.length);
      if (close !== -1) i = close + run.length - 1;
      continue;
    }
    if (!text.startsWith(marker, i)) continue;
    const before = text[i - 1] ?? ' ';
    const after = text[i + marker.length] ?? ' ';
    const runEnd = /^[*_~]*/.exec(text.slice(i))![0].length;
    if (/\s/.test(before)) continue;
    if (marker[0] === '_' && /[\p{L}\p{N}]/u.test(after)) continue;
    // A longer run closes the inner emphasis first (`***a***`): take its last characters.
    if (runEnd > marker.length && marker.length === 1 && text[i + 1] === marker) return i + runEnd - 1;
    return i;
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    const rest = text.slice(i);
    if (c === '\\' && text[i + 1] === '\n') {
      flush();
      out.push({ type: 'br' });
      i += 2;
      continue;
    }
    if (c === '\\' && PUNCTUATION.test(text[i + 1] ?? '')) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '\n') {
      const hard = / {2,}$/.test(buffer);
      buffer = buffer.replace(/ +$/, '');
      flush();
      out.push(hard ? { type: 'br' } : { type: 'text', text: '\n' });
      i++;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(rest)![0];
      const close = text.indexOf(run, i + run.length);
      if (close !== -1 && text[close + run.length] !== '`') {
        flush();
        let code = text.slice(i + run.length, close).replace(/\n/g, ' ');
        if (/^ .*[^ ].* $/.test(code)) code = code.slice(1, -1);
        out.push({ type: 'code', text: code });
        i = close + run.length;
        continue;
      }
      buffer += run;
      i += run.length;
      continue;
    }
    if (c === '<') {
      const auto = AUTOLINK.exec(rest);
      if (auto) {
        flush();
        out.push({ type: 'link', href: auto[1]!, children: [{ type: 'text', text: auto[1]! }] });
        i += auto[0].length;
        continue;
      }
      const html = INLINE_HTML.exec(rest);
      if (html) {
        flush(); // raw HTML is dropped
        i += html[0].length;
        continue;
      }
    }
    const image = c === '!' && text[i + 1] === '[';
    if (c === '[' || image) {
      const open = image ? i + 1 : i;
      const close = closingBracket(text, open);
      const target = close === -1 ? null : destination(text, close + 1);
      if (target) {
        flush();
        const label = text.slice(open + 1, close);
        out.push(image ? { type: 'image', href: target.href, alt: label } : { type: 'link', href: target.href, children: parseInline(label) });
        i = target.end;
        continue;
      }
    }
    if ((c === 'h' || c === 'H') && /[\s(]|^$/.test(text[i - 1] ?? '')) {
      const url = BARE_URL.exec(rest);
      if (url) {
        flush();
        out.push({ type: 'link', href: url[0], children: [{ type: 'text', text: url[0] }] });
        i += url[0].length;
        continue;
      }
    }
    if (c === '*' || c === '_' || (c === '~' && text[i + 1] === '~')) {
      const run = /^[*_~]+/.exec(rest)![0];
      const sameRun = run.length - run.replace(new RegExp(`^\\${c}+`), '').length;
      const before = text[i - 1] ?? ' ';
      const after = text[i + sameRun] ?? ' ';
      const canOpen = !/\s/.test(after) && !(c === '_' && /[\p{L}\p{N}]/u.test(before));
      const marker = c === '~' ? '~~' : c.repeat(Math.min(sameRun, 2));
      const close = canOpen ? closingRun(text, i + marker.length + 1, marker) : -1;
      if (close !== -1) {
        flush();
        const type = c === '~' ? 'del' : marker.length === 2 ? 'strong' : 'em';
        out.push({ type, children: parseInline(text.slice(i + marker.length, close)) });
        i = close + marker.length;
        continue;
      }
      buffer += text.slice(i, i + sameRun);
      i += sameRun;
      continue;
    }
    buffer += c;
    i++;
  }
  flush();
  return out;
}

/** Markdown text → block tree. */
export function parseMarkdown(text: string): Block[] {
  return parseBlocks(text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}

/** A text cut at its pipe tables: the text between them, and each table's cells as plain text. */
export type TextPiece = { type: 'text'; text: string } | { type: 'table'; align: Align[]; header: string[]; rows: string[][] };

/**
 * Inline Markdown as the words a reader sees (emphasis, code and link syntax gone). A mail keeps its
 * line breaks and shows a link's address after its label (`opts`); a table cell is one line.
 */
export function plainInline(nodes: Inline[], opts: { br?: string; link?: (label: string, href: string) => string } = {}): string {
  const br = opts.br ?? ' ';
  const text = (list: Inline[]): string =>
    list
      .map((n) => {
        switch (n.type) {
          case 'text':
          case 'code':
            return n.text;
          case 'br':
            return br;
          case 'link':
            return opts.link ? opts.link(text(n.children), n.href) : text(n.children);
          case 'image':
            return n.alt || (opts.link ? n.href : '');
          default:
            return text(n.children);
        }
      })
      .join('');
  return opts.br === undefined ? text(nodes).replace(/\s+/g, ' ').trim() : text(nodes);
}

/**
 * The pipe tables in a text, by the same rule the chat renders them (a header row, a delimiter row,
 * rows with pipes up to a blank line), with the text around them unchanged: generated documents
 * turn tables from the knowledge or a model into real tables (docs/tasks.md).
 */
export function splitTables(text: string): TextPiece[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const pieces: TextPiece[] = [];
  let prose: string[] = [];
  const flush = () => {
    const joined = prose.join('\n').trim();
    if (joined) pieces.push({ type: 'text', text: joined });
    prose = [];
  };
  for (let i = 0; i < lines.length; ) {
    const table = tableAt(lines, i);
    if (!table) {
      prose.push(lines[i]!);
      i++;
      continue;
    }
    flush();
    const cells = (line: string) => splitCells(line).map((c) => plainInline(parseInline(c)));
    const header = cells(lines[i]!);
    const rows = lines.slice(i + 2, table.end).map((row) => {
      const r = cells(row);
      return header.map((_, c) => r[c] ?? '');
    });
    pieces.push({ type: 'table', align: table.align, header, rows });
    i = table.end;
  }
  flush();
  return pieces;
}
