// The main content of a web page, kept in its structure: headings, paragraphs and lists as text,
// tables as Markdown tables; navigation, header, footer, asides, forms, cookie banners, scripts and
// styles dropped. The DOM is happy-dom's parser (no scripts run, nothing is loaded); the
// main-content choice is ours: <main>, <article> or [role=main] when the page has one, else the
// body without its chrome (docs/decisions/042-website-knowledge.md names the library we want).
import { Window, type Element as HappyElement } from 'happy-dom';
import type { Block, Section } from './extract.ts';

export interface ExtractedPage {
  title: string;
  sections: Section[];
  /** Absolute http(s) links of the page, without fragments. */
  links: string[];
}

const CHROME =
  'script, style, noscript, template, iframe, svg, canvas, nav, header, footer, aside, form, button, dialog, ' +
  '[role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=dialog], [aria-hidden=true], [hidden]';
/** Cookie and consent banners go by their class or id. */
const BANNER = /(cookie|consent|gdpr|dsgvo|newsletter-popup|modal)/i;
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const BLOCKS = new Set(['P', 'LI', 'BLOCKQUOTE', 'PRE', 'DT', 'DD', 'FIGCAPTION', 'ADDRESS']);

const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
    disableComputedStyleRendering: true,
    navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true },
  },
});

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

function tableMarkdown(table: HappyElement): string {
  const rows = [...table.querySelectorAll('tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((c) => clean(c.textContent ?? '').replace(/\|/g, '\\|')),
  ).filter((r) => r.length > 0);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) => `| ${[...r, ...Array<string>(width - r.length).fill('')].join(' | ')} |`;
  return [line(rows[0]!), line(Array<string>(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
}

/** Walks the content in document order: headings and tables as their own blocks, other text grouped. */
function collectBlocks(root: HappyElement): Block[] {
  const blocks: Block[] = [];
  let loose = '';
  const flush = () => {
    if (clean(loose)) blocks.push({ kind: 'text', text: clean(loose) });
    loose = '';
  };
  const walk = (node: HappyElement) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === 3) {
        loose += child.textContent ?? '';
        continue;
      }
      if (child.nodeType !== 1) continue;
      const el = child as unknown as HappyElement;
      if (HEADINGS.has(el.tagName)) {
        flush();
        const text = clean(el.textContent ?? '');
        if (text) blocks.push({ kind: 'heading', text });
      } else if (el.tagName === 'TABLE') {
        flush();
        const text = tableMarkdown(el);
        if (text) blocks.push({ kind: 'table', text });
      } else if (BLOCKS.has(el.tagName)) {
        flush();
        const text = clean(el.textContent ?? '');
        if (text) blocks.push({ kind: 'text', text: el.tagName === 'LI' ? `- ${text}` : text });
      } else if (el.tagName === 'BR') {
        loose += ' ';
      } else {
        const inline = ['A', 'SPAN', 'B', 'STRONG', 'EM', 'I', 'U', 'SMALL', 'SUP', 'SUB', 'CODE', 'ABBR', 'TIME', 'MARK'].includes(el.tagName);
        if (!inline) flush();
        walk(el);
        if (!inline) flush();
      }
    }
  };
  walk(root);
  flush();
  return blocks;
}

export function extractHtmlPage(html: string, pageUrl: string): ExtractedPage {
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  {
    const base = (() => {
      const href = document.querySelector('base[href]')?.getAttribute('href');
      try {
        return href ? new URL(href, pageUrl).href : pageUrl;
      } catch {
        return pageUrl;
      }
    })();
    const links = new Set<string>();
    for (const a of document.querySelectorAll('a[href]')) {
      if (/nofollow/i.test(a.getAttribute('rel') ?? '')) continue;
      try {
        const url = new URL(a.getAttribute('href')!, base);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
        url.hash = '';
        links.add(url.href);
      } catch {
        // Not a URL: ignored.
      }
    }
    const title =
      clean(document.querySelector('title')?.textContent ?? '') ||
      clean(document.querySelector('h1')?.textContent ?? '') ||
      pageUrl;
    const main =
      document.querySelector('main') ?? document.querySelector('[role=main]') ?? document.querySelector('article') ?? document.body;
    for (const el of [...main.querySelectorAll(CHROME)]) el.remove();
    for (const el of [...main.querySelectorAll('[class], [id]')]) {
      if (BANNER.test(`${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`)) el.remove();
    }
    const blocks = collectBlocks(main);
    return { title: title.slice(0, 300), sections: blocks.length > 0 ? [{ location: '', blocks }] : [], links: [...links] };
  }
}
