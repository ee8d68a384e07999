import { createElement, Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Align, type Block, type Inline } from '../../shared/markdown-parse.ts';

/**
 * Text from a model → React elements (docs/security.md#threat-model: one sanitising renderer). markdown-parse.ts builds a
 * tree and the elements are built here, so nothing is ever parsed as HTML by the browser:
 *  - raw HTML in the text (block or inline) is dropped, never interpreted;
 *  - links keep only http(s), mailto and relative targets — `javascript:`, `data:`, … lose the link;
 *  - images are never loaded: `![alt](src)` becomes the link "Bild: alt" (an auto-loaded image is
 *    a classic way to send conversation data to a foreign host);
 *  - links open in a new tab without opener, referrer or endorsement.
 */

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);
export const LINK_REL = 'noopener noreferrer nofollow';
export const IMAGE_LINK_PREFIX = 'Bild';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** marked leaves character references in text and URLs as written: decode them like a browser would. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

/** The URL if it is safe to link to, else null. Browsers ignore controls and blanks, so the check does too. */
export function safeUrl(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!cleaned) return null;
  const colon = cleaned.indexOf(':');
  const delimiter = cleaned.search(/[/?#\\]/);
  const hasScheme = colon !== -1 && (delimiter === -1 || colon < delimiter);
  if (!hasScheme) return url.trim();
  return SAFE_SCHEMES.has(cleaned.slice(0, colon).toLowerCase()) ? url.trim() : null;
}

const linkTarget = (href: string) => safeUrl(decodeEntities(href));

const ImageIcon = () =>
  createElement(
    'svg',
    { className: 'md-image-icon', viewBox: '0 0 24 24', width: '1em', height: '1em', 'aria-hidden': true, fill: 'currentColor' },
    createElement('path', {
      d: 'M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-4.86 8.86-3 3.87L9 13.14 6 17h12z',
    }),
  );

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => inline(node, i));
}

function inline(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return decodeEntities(node.text);
    case 'strong':
    case 'em':
    case 'del':
      return createElement(node.type, { key }, renderInline(node.children));
    case 'code':
      return createElement('code', { key }, decodeEntities(node.text));
    case 'br':
      return createElement('br', { key });
    case 'link': {
      const href = linkTarget(node.href);
      const children = renderInline(node.children);
      if (!href) return createElement('span', { key }, children);
      return createElement('a', { key, href, target: '_blank', rel: LINK_REL }, children);
    }
    case 'image': {
      const alt = decodeEntities(node.alt).trim();
      const label = alt ? `${IMAGE_LINK_PREFIX}: ${alt}` : IMAGE_LINK_PREFIX;
      const href = linkTarget(node.href);
      const content = [createElement(ImageIcon, { key: 'i' }), label];
      if (!href) return createElement('span', { key, className: 'md-image-link' }, content);
      return createElement('a', { key, className: 'md-image-link', href, target: '_blank', rel: LINK_REL }, content);
    }
  }
}

const cellStyle = (align: Align) => (align ? { textAlign: align } : undefined);

function block(node: Block, key: number, tight: boolean): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return tight ? createElement(Fragment, { key }, renderInline(node.children)) : createElement('p', { key }, renderInline(node.children));
    case 'heading':
      return createElement(`h${node.depth}`, { key }, renderInline(node.children));
    case 'code':
      return createElement('pre', { key }, createElement('code', null, `${node.text}\n`));
    case 'blockquote':
      return createElement('blockquote', { key }, renderBlocks(node.children));
    case 'hr':
      return createElement('hr', { key });
    case 'list': {
      const items = node.items.map((item, i) => createElement('li', { key: i }, renderBlocks(item, node.tight)));
      if (!node.ordered) return createElement('ul', { key }, items);
      return createElement('ol', { key, start: node.start !== 1 ? node.start : undefined }, items);
    }
    case 'table': {
      const head = createElement(
        'tr',
        null,
        node.header.map((cell, i) => createElement('th', { key: i, style: cellStyle(node.align[i] ?? null) }, renderInline(cell))),
      );
      const rows = node.rows.map((row, r) =>
        createElement(
          'tr',
          { key: r },
          row.map((cell, i) => createElement('td', { key: i, style: cellStyle(node.align[i] ?? null) }, renderInline(cell))),
        ),
      );
      return createElement('table', { key }, createElement('thead', null, head), createElement('tbody', null, rows));
    }
  }
}

function renderBlocks(nodes: Block[], tight = false): ReactNode[] {
  return nodes.map((node, i) => block(node, i, tight));
}

/**
 * While an answer streams in, its last emphasis or code is often still open (`_kurs`): closing it
 * for display shows the formatting at once instead of raw markers until the closing one arrives.
 */
export function closeOpenMarkup(text: string): string {
  let out = text;
  if ((out.match(/^\s*(```|~~~)/gm)?.length ?? 0) % 2 === 1) return `${out}\n\`\`\``;
  const lastBlock = out.slice(out.lastIndexOf('\n\n') + 1);
  const withoutCode = lastBlock.replace(/`[^`\n]*`/g, '');
  if ((withoutCode.match(/`/g)?.length ?? 0) % 2 === 1) return `${out}\``;
  const closers: string[] = [];
  // A delimiter run that can open: not followed by a blank, not inside a word for underscores.
  for (const marker of ['**', '__', '~~', '*', '_']) {
    const escaped = marker.replace(/[*_~]/g, (c) => `\\${c}`);
    const pattern = marker.length === 2 ? new RegExp(escaped, 'g') : new RegExp(`(?<![${escaped}\\\\])${escaped}(?!${escaped})`, 'g');
    const plain = withoutCode.replace(/^\s*[*_-]\s/gm, '').replace(marker.length === 1 ? /(\*\*|__)/g : /$^/, '');
    const runs = [...plain.matchAll(pattern)].filter((m) => {
      const before = plain[m.index - 1] ?? ' ';
      const after = plain[m.index + marker.length] ?? ' ';
      if (/\s/.test(before) && /\s/.test(after)) return false;
      return !(marker[0] === '_' && /\w/.test(before) && /\w/.test(after));
    });
    if (runs.length % 2 === 1 && !/\s$/.test(out)) closers.push(marker);
  }
  for (const closer of closers.reverse()) out += closer;
  return out;
}

/** Markdown text → React elements (safe by construction). */
export function renderMarkdown(text: string, streaming = false): ReactNode[] {
  return renderBlocks(parseMarkdown(streaming ? closeOpenMarkup(text) : text));
}
