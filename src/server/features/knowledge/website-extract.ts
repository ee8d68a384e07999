// The main content of a web page, kept in its structure: headings, paragraphs and lists as text,
// tables as Markdown tables; navigation, header, footer, asides, forms, cookie banners, scripts and
// styles dropped. The DOM is happy-dom's parser (no scripts run, nothing is loaded); the main
// content is chosen by Mozilla's Readability (Firefox's reader view, maintained), and where it
// finds no article (a short page, a list of links), by our rule: <main>, <article> or [role=main]
// when the page has one, else the body without its chrome (docs/decisions/042-website-knowledge.md).
import { Readability } from '@mozilla/readability';
import { Window, type Document as HappyDocument, type Element as HappyElement } from 'happy-dom';
import { markdownTable, spannedGrid, type Block, type Section } from './extract.ts';
import { utf16ByBom, validUtf8, windows1252 } from './file-check.ts';

export interface ExtractedPage {
  title: string;
  sections: Section[];
  /** Absolute http(s) links of the page, without fragments. */
  links: string[];
  /** The page's `<link rel="canonical">`, absolute, if it has one. */
  canonical?: string;
}

/** What is no content: scripts, chrome, dialogs and what is hidden (see extractHtmlPage for hidden="until-found"). */
const CHROME =
  'script, style, noscript, template, iframe, svg, canvas, nav, header, footer, aside, form, button, dialog, ' +
  '[role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=dialog], [aria-hidden=true], [hidden]';
/** Dialogs are never the page's content (a consent dialog's text can outweigh a short page's). */
const DIALOGS = 'dialog, [role=dialog], [role=alertdialog], [aria-modal=true]';
/** Cookie and consent banners go by their class or id… */
const BANNER = /(cookie|consent|gdpr|dsgvo|newsletter-popup|modal)/i;
/** …but not the texts about them: a privacy page's «cookie-policy», Cookiebot's «CookieDeclaration». */
const ABOUT_COOKIES = /(polic|declaration|richtlinie|erkl(ae|ä)rung)/i;
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

/**
 * Elements whose text runs on within a line (a `<wbr>` inside «Liefer<wbr>bedingungen» parts no
 * word); every other element, and `<br>`, parts the words around it.
 */
const INLINE = new Set([
  'A', 'SPAN', 'B', 'STRONG', 'EM', 'I', 'U', 'S', 'SMALL', 'BIG', 'SUP', 'SUB', 'CODE', 'SAMP', 'TT', 'KBD', 'VAR', 'ABBR', 'ACRONYM', 'DFN',
  'TIME', 'DATA', 'MARK', 'Q', 'CITE', 'INS', 'DEL', 'STRIKE', 'FONT', 'LABEL', 'BDI', 'BDO', 'NOBR', 'WBR', 'IMG', 'RUBY', 'RT', 'RP',
]);

/**
 * An element's text as it reads on screen: `textContent` glued «Musterstraße 5<br>12345 Berlin»
 * into «Musterstraße 512345 Berlin», and the two blocks of a list item into one word.
 */
function textOf(node: HappyElement | null): string {
  let text = '';
  if (!node) return text;
  for (const child of node.childNodes) {
    if (child.nodeType === 3) text += child.textContent ?? '';
    else if (child.nodeType === 1) {
      const el = child as unknown as HappyElement;
      text += INLINE.has(el.tagName) ? textOf(el) : ` ${textOf(el)} `;
    }
  }
  return text;
}

function tableMarkdown(table: HappyElement): string {
  const span = (cell: HappyElement, name: string) => Number.parseInt(cell.getAttribute(name) ?? '1', 10) || 1;
  return markdownTable(
    spannedGrid(
      [...table.querySelectorAll('tr')].map((tr) =>
        [...tr.querySelectorAll('th, td')].map((c) => ({ text: clean(textOf(c)), colSpan: span(c, 'colspan'), rowSpan: span(c, 'rowspan') })),
      ),
    ),
  );
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
        const text = clean(textOf(el));
        if (text) blocks.push({ kind: 'heading', text });
      } else if (el.tagName === 'TABLE') {
        flush();
        const text = tableMarkdown(el);
        if (text) blocks.push({ kind: 'table', text });
      } else if (BLOCKS.has(el.tagName)) {
        flush();
        const text = clean(textOf(el));
        if (text) blocks.push({ kind: 'text', text: el.tagName === 'LI' ? `- ${text}` : text });
      } else if (el.tagName === 'BR') {
        loose += ' ';
      } else {
        const inline = INLINE.has(el.tagName);
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

/** A start tag's attributes: quoted values may hold `>`, `<!--` or `<script>`. */
const ATTRIBUTES = String.raw`(?:[^>"']|"[^"]*"|'[^']*')*`;
/**
 * The page's tokens that can hold a `<script` or `<!--` which is none: comments and start tags
 * (their attribute values), kept as they are; the text of title and textarea, kept as text (the
 * parser would read a `<script>` in a title as a script) — and scripts and styles with their text,
 * which go. Their text ends where the HTML tokenizer ends it: at the first `</script`, `</style`,
 * `</title` or `</textarea` followed by a space, `/` or `>`, or else at the end of the page. A `<`
 * that starts no tag (not followed by a letter, `/`, `!` or `?`) is text.
 */
const TOKENS = new RegExp(
  [
    String.raw`<!--(?:>|->|[\s\S]*?(?:--!?>|$))`,
    String.raw`<(?<script>script|style)(?=[\s/>])${ATTRIBUTES}>[\s\S]*?(?:<\/\k<script>(?=[\s/>])[^>]*>|$)`,
    String.raw`(?<open><(?<rcdata>title|textarea)(?=[\s/>])${ATTRIBUTES}>)(?<text>[\s\S]*?)(?<close><\/\k<rcdata>(?=[\s/>])[^>]*>|$)`,
    String.raw`<[a-zA-Z][^\s/>]*${ATTRIBUTES}>`,
    String.raw`(?<lt><)(?![a-zA-Z/!?])`,
  ].join('|'),
  'gi',
);
interface TokenGroups {
  script?: string;
  rcdata?: string;
  open?: string;
  text?: string;
  close?: string;
  lt?: string;
}

/**
 * The page as a browser's tokenizer reads it, for happy-dom's parser, which does not in two ways:
 * it can miss a script's end when its last `<` runs into it without a space
 * (`i<n;i++)f(i)}</script>`, `"a<b";</script>`, common in minified code) — the rest of the page
 * became the script's text and the page read as empty —, and it takes a `<` before a digit for a
 * tag («Lieferzeit <2 Tage. Versand …» lost all after it). Scripts and styles go (never content,
 * and often most of a page's bytes: inline data, styles); a `<` that starts no tag becomes `&lt;`.
 */
function normalizedMarkup(html: string): string {
  return html.replace(TOKENS, (...args: unknown[]) => {
    const token = args[0] as string;
    const groups = args.at(-1) as TokenGroups;
    if (groups.script) return '';
    if (groups.rcdata) return `${groups.open}${groups.text!.replaceAll('<', '&lt;')}${groups.close}`;
    if (groups.lt) return '&lt;';
    return token;
  });
}

export function extractHtmlPage(html: string, pageUrl: string): ExtractedPage {
  const document = new window.DOMParser().parseFromString(normalizedMarkup(html), 'text/html');
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
    // An old-style forward (<meta http-equiv="refresh" content="0; url=/neu">) is a link too.
    for (const meta of document.querySelectorAll('meta[http-equiv][content]')) {
      if ((meta.getAttribute('http-equiv') ?? '').toLowerCase() !== 'refresh') continue;
      const target = /url\s*=\s*['"]?([^'"\s]+)/i.exec(meta.getAttribute('content') ?? '')?.[1];
      const url = absoluteUrl(target, base);
      if (url) links.add(url.replace(/#.*$/, ''));
    }
    const title =
      clean(document.querySelector('title')?.textContent ?? '') ||
      clean(textOf(document.querySelector('h1'))) ||
      pageUrl;
    dropBanners(document);
    // A collapsed answer that a browser's find-in-page opens (an FAQ's hidden="until-found") is
    // content: neither Readability nor our rule may take it for something hidden.
    for (const el of [...document.querySelectorAll('[hidden=until-found]')]) el.removeAttribute('hidden');
    const main = readableContent(document) ?? ownMainContent(document);
    for (const el of [...main.querySelectorAll(CHROME)]) el.remove();
    const blocks = collectBlocks(main);
    // Readability drops a heading that repeats the page's title: the page's main heading leads its content.
    const h1 = clean(textOf(document.querySelector('h1')));
    if (h1 && !blocks.some((b) => b.kind === 'heading' && b.text === h1)) blocks.unshift({ kind: 'heading', text: h1 });
    const canonicalLink = [...document.querySelectorAll('link[rel][href]')].find((l) => /(^|\s)canonical(\s|$)/i.test(l.getAttribute('rel') ?? ''));
    const canonical = absoluteUrl(canonicalLink?.getAttribute('href'), base);
    return { title: title.slice(0, 300), sections: blocks.length > 0 ? [{ location: '', blocks }] : [], links: [...links], ...(canonical ? { canonical } : {}) };
  }
}

function absoluteUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The charset a Content-Type names, or the first `<meta charset>` / http-equiv in the page's first 1024 bytes. */
function declaredCharsets(body: Buffer, contentType: string | null): string[] {
  const labels: string[] = [];
  const header = /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType ?? '');
  if (header) labels.push(header[1]!);
  for (const meta of body.subarray(0, 1024).toString('latin1').matchAll(/<meta\b[^>]*>/gi)) {
    const charset = /\bcharset\s*=\s*["']?\s*([^"'\s;/>]+)/i.exec(meta[0]);
    if (charset) {
      labels.push(charset[1]!);
      break;
    }
  }
  // A page read as ASCII cannot be UTF-16, whatever it says (as browsers read it).
  return labels.map((l) => (/^utf-?16/i.test(l.trim()) ? 'utf-8' : l.trim()));
}

/**
 * A page's text from its bytes: by its byte order mark; else as UTF-8 when the bytes are UTF-8;
 * else in the charset its header or its `<meta>` names; else as Windows-1252, which older German
 * sites are (ISO-8859-1 is read as its superset Windows-1252, as browsers do). Read as UTF-8
 * whatever it was, every ä, ö, ü and ß of such a page became U+FFFD and no question found it.
 */
export function decodeHtml(body: Buffer, contentType: string | null): string {
  const utf16 = utf16ByBom(body);
  if (utf16) return new TextDecoder(utf16).decode(body);
  const utf8 = validUtf8(body);
  if (utf8 !== null) return utf8;
  // Not UTF-8: the declared charset, if this runtime knows it.
  for (const label of declaredCharsets(body, contentType)) {
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: the next one, or the fallback.
    }
  }
  return windows1252(body);
}

/** An inline style that shows nothing: `display: none`, `visibility: hidden` (or collapse). */
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important\s*)?(?:;|$)/i;

/**
 * Removes what a browser does not show: the `hidden` attribute (not `until-found`, which
 * find-in-page opens) and an inline style that hides. Readability drops them from a web page's
 * article itself; an uploaded HTML file is read whole by officeparser, so they go before.
 * Returns how many it removed. (Hiding by a style sheet's rules is not seen: no styles are
 * computed.)
 */
function dropHidden(document: HappyDocument): number {
  const hidden = [...document.querySelectorAll('[hidden], [style]')].filter(
    (el) => (el.hasAttribute('hidden') && el.getAttribute('hidden') !== 'until-found') || HIDDEN_STYLE.test(el.getAttribute('style') ?? ''),
  );
  for (const el of hidden) el.remove();
  return hidden.length;
}

/**
 * An uploaded HTML file as a browser shows it — without what it hides (dropHidden), its scripts and
 * styles —, as UTF-8 with its byte order mark; undefined when it hides nothing (read as it came).
 */
export function visibleHtml(data: Buffer): Buffer | undefined {
  const html = decodeHtml(data, null);
  if (!/\shidden\b|display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)/i.test(html)) return undefined;
  const document = new window.DOMParser().parseFromString(normalizedMarkup(html), 'text/html');
  if (dropHidden(document) === 0) return undefined;
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`<!DOCTYPE html>${document.documentElement.outerHTML}`)]);
}

/**
 * Removes dialogs, and cookie and consent banners by their class or id, before Readability (which
 * drops the names and turns a banner's <div> into one more paragraph of the article, or takes a
 * big consent dialog on a short page for the article itself). What holds the page's main heading
 * or its <main>/<article> is the content, whatever its name: a privacy page wrapped in
 * «dsgvo-content» or «cookie-policy» lost all its text.
 */
function dropBanners(document: HappyDocument) {
  for (const el of [...document.querySelectorAll(DIALOGS)]) el.remove();
  const content = [...document.querySelectorAll('h1, main, article, [role=main]')];
  for (const el of [...document.body.querySelectorAll('[class], [id]')]) {
    const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
    if (!BANNER.test(names) || ABOUT_COOKIES.test(names)) continue;
    if (!content.some((c) => el === c || el.contains(c))) el.remove();
  }
}

/** Our rule for the main content when Readability finds no article. */
function ownMainContent(document: HappyDocument): HappyElement {
  return document.querySelector('main') ?? document.querySelector('[role=main]') ?? document.querySelector('article') ?? document.body;
}

/**
 * The article Readability finds, parsed again as its own document (Readability returns HTML); null
 * when it finds none. It works on a copy: the caller's document stays whole for the fallback.
 */
function readableContent(document: HappyDocument): HappyElement | null {
  const copy = document.cloneNode(true);
  // Readability's types name the browser's Document; happy-dom's implements what it reads.
  const article = new Readability(copy as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200, keepClasses: false }).parse();
  if (!article?.content) return null;
  return new window.DOMParser().parseFromString(article.content, 'text/html').body;
}
