// Mail bodies are Markdown (chat answers quoted in a contact request, a Mika's mail, system texts):
// one parser (src/shared/markdown-parse.ts, the chat's) renders them to the HTML part and to a
// plain-text part without Markdown syntax. Line breaks inside a paragraph are kept: in a mail they
// separate "Name: …" from "E-Mail: …".
import { parseMarkdown, plainInline, type Block, type Inline } from '../../shared/markdown-parse.ts';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const SAFE_HREF = /^(https?:|mailto:)/i;

function inlineHtml(nodes: Inline[]): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
          return escapeHtml(n.text).replace(/\n/g, '<br>');
        case 'br':
          return '<br>';
        case 'code':
          return `<code>${escapeHtml(n.text)}</code>`;
        case 'strong':
          return `<strong>${inlineHtml(n.children)}</strong>`;
        case 'em':
          return `<em>${inlineHtml(n.children)}</em>`;
        case 'del':
          return `<del>${inlineHtml(n.children)}</del>`;
        case 'link':
          return SAFE_HREF.test(n.href) ? `<a href="${escapeHtml(n.href)}">${inlineHtml(n.children)}</a>` : inlineHtml(n.children);
        case 'image':
          // Never auto-load a remote image from a mail: the link only.
          return SAFE_HREF.test(n.href) ? `<a href="${escapeHtml(n.href)}">${escapeHtml(n.alt || n.href)}</a>` : escapeHtml(n.alt);
      }
    })
    .join('');
}

const P = 'margin:0 0 14px';

function blockHtml(b: Block): string {
  switch (b.type) {
    case 'paragraph':
      return `<p style="${P}">${inlineHtml(b.children)}</p>`;
    case 'heading':
      return `<p style="${P};font-weight:bold;font-size:${b.depth <= 2 ? 17 : 15}px">${inlineHtml(b.children)}</p>`;
    case 'code':
      return `<pre style="${P};font-family:monospace;white-space:pre-wrap">${escapeHtml(b.text)}</pre>`;
    case 'blockquote':
      return `<blockquote style="${P};padding-left:12px;border-left:3px solid #ccc;color:#555">${b.children.map(blockHtml).join('')}</blockquote>`;
    case 'hr':
      return '<hr style="border:0;border-top:1px solid #ddd">';
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      return `<${tag} style="${P}">${b.items.map((item) => `<li>${item.map(blockHtml).join('')}</li>`).join('')}</${tag}>`;
    }
    case 'table':
      return `<table style="${P};border-collapse:collapse">${[b.header, ...b.rows]
        .map((row, r) => `<tr>${row.map((cell) => `<${r === 0 ? 'th' : 'td'} style="border:1px solid #ddd;padding:4px 8px">${inlineHtml(cell)}</${r === 0 ? 'th' : 'td'}>`).join('')}</tr>`)
        .join('')}</table>`;
  }
}

// The chat's parser drops raw HTML; a mail keeps what was written ("<b>" in a task result stays
// text): "<" is hidden from the parser and comes back as text in both parts.
const LT = '\uE000';
const parse = (markdown: string) => parseMarkdown(markdown.replaceAll('<', LT));

/** The HTML part of a mail. */
export function mailHtml(markdown: string): string {
  const body = parse(markdown).map(blockHtml).join('').replaceAll(LT, '&lt;');
  return `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#222;font-size:15px;line-height:1.5">${body}</body></html>`;
}

const inlineText = (nodes: Inline[]) =>
  plainInline(nodes, { br: '\n', link: (label, href) => (label === href || !SAFE_HREF.test(href) ? label : `${label} (${href})`) });

function blockText(b: Block): string {
  switch (b.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(b.children);
    case 'code':
      return b.text;
    case 'blockquote':
      return b.children
        .map(blockText)
        .join('\n\n')
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n');
    case 'hr':
      return '—';
    case 'list':
      return b.items.map((item, i) => `${b.ordered ? `${b.start + i}.` : '•'} ${item.map(blockText).join('\n')}`).join('\n');
    case 'table':
      return [b.header, ...b.rows].map((row) => row.map(inlineText).join(' | ')).join('\n');
  }
}

/** The plain-text part of a mail: the same text without Markdown syntax. */
export function mailPlainText(markdown: string): string {
  return parse(markdown).map(blockText).join('\n\n').replaceAll(LT, '<');
}
