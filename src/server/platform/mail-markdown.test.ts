import { describe, expect, it } from 'vitest';
import { mailHtml, mailPlainText } from './mail-markdown.ts';

// A contact request quoting an offline answer from the chat history (issue 29: raw Markdown in the mail).
const BODY = [
  'Über den Chat mit "Mika Info" hat jemand Kontaktdaten hinterlassen:',
  'Name: Erika Muster\nE-Mail: erika@firma.de',
  'Mika Info: _Offline-Modus: Ich antworte ohne KI-Modell._\n\n> Wir liefern **innerhalb von 3 Tagen**.\n> — *Versand.pdf, Seite 2*',
  'Mehr unter https://mika.example/agb?x_y=1 und [AGB](https://mika.example/agb).',
  '<script>alert(1)</script>',
].join('\n\n');

describe('mail bodies from Markdown', () => {
  it('the plain-text part has no Markdown syntax and keeps lines, links and the quote', () => {
    const text = mailPlainText(BODY);
    expect(text).toContain('Name: Erika Muster\nE-Mail: erika@firma.de');
    expect(text).toContain('Mika Info: Offline-Modus: Ich antworte ohne KI-Modell.');
    expect(text).toContain('  Wir liefern innerhalb von 3 Tagen.');
    expect(text).toContain('https://mika.example/agb?x_y=1');
    expect(text).toContain('AGB (https://mika.example/agb)');
    expect(text).not.toMatch(/\*\*|(^|\s)_\S|^> /m);
    // What looks like HTML was written as text and stays text.
    expect(text).toContain('<script>alert(1)</script>');
  });

  it('the HTML part renders emphasis, quotes and links, and never raw HTML', () => {
    const html = mailHtml(BODY);
    expect(html).toContain('<strong>innerhalb von 3 Tagen</strong>');
    expect(html).toContain('<em>Offline-Modus: Ich antworte ohne KI-Modell.</em>');
    expect(html).toMatch(/<blockquote[^>]*>/);
    expect(html).toContain('Name: Erika Muster<br>E-Mail: erika@firma.de');
    expect(html).toContain('<a href="https://mika.example/agb">AGB</a>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('**');
  });
});
