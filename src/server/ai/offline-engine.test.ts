import { describe, expect, it } from 'vitest';
import { streamText } from 'ai';
import { composeOfflineAnswer, createOfflineModel, OFFLINE_NOTICE, OFFLINE_PROVIDER_KEY, rankPassages, wordChunks } from './offline-engine.ts';
import { splitSentences, stem, terms } from './german-text.ts';
import { buildSystemPrompt, trimHistory } from './prompt.ts';
import { parseMarkdown, plainInline, type Block } from '../../shared/markdown-parse.ts';

const passages = [
  { source: 'Preisliste.pdf', text: 'Das Basispaket kostet 49 Euro im Monat. Das Profipaket kostet 99 Euro im Monat.' },
  { source: 'FAQ.docx', text: 'Der Kundenservice ist montags bis freitags von 8 bis 18 Uhr erreichbar.' },
  { source: 'Versand.md', text: 'Lieferungen innerhalb Deutschlands sind ab 50 Euro Bestellwert versandkostenfrei.' },
];

describe('German text tools', () => {
  it('stems inflected forms to the same term', () => {
    expect(stem('Lieferungen')).toBe(stem('Lieferung'));
    expect(stem('Pakete')).toBe(stem('Paket'));
    expect(stem('Öffnungszeiten')).toBe(stem('Öffnungszeit'));
    expect(terms('Wann ist der Kundenservice erreichbar?')).toEqual([stem('kundenservice'), stem('erreichbar')]);
  });
});

describe('sentences of a plain text', () => {
  it('takes a heading or list item on a line of its own as a sentence, but joins lines that only wrap the text', () => {
    expect(splitSentences('Parken\nKostenlose Parkplätze stehen im Hof zur Verfügung. Bitte parke nicht vor dem Tor.')).toEqual([
      'Parken',
      'Kostenlose Parkplätze stehen im Hof zur Verfügung.',
      'Bitte parke nicht vor dem Tor.',
    ]);
    // A narrow column: every line about as long as the others, none a heading.
    expect(splitSentences('Die Parkplätze im Hof\nstehen allen Gästen\nkostenlos zur Verfügung.')).toEqual([
      'Die Parkplätze im Hof stehen allen Gästen kostenlos zur Verfügung.',
    ]);
    // A line that ends a sentence, or leads into what follows, is no heading.
    expect(splitSentences('Unsere Zeiten:\nMontag bis Freitag von 8 bis 18 Uhr geöffnet.')).toEqual([
      'Unsere Zeiten: Montag bis Freitag von 8 bis 18 Uhr geöffnet.',
    ]);
    // A blank line ends a paragraph, with or without a closing mark.
    expect(splitSentences('Anfahrt mit der Bahn\n\nvom Hauptbahnhof zehn Minuten zu Fuß.')).toEqual(['Anfahrt mit der Bahn', 'vom Hauptbahnhof zehn Minuten zu Fuß.']);
  });

  it('quotes a heading of a text file above its sentence, not run into it', () => {
    const hotel = {
      source: 'Hausinfo.txt',
      text:
        'Anfahrt\nVom Hauptbahnhof fahren Sie mit der Linie 4 bis zur Haltestelle Seeufer und gehen zwei Minuten zu Fuß.\n' +
        'Parken\nKostenlose Parkplätze stehen unseren Gästen im Innenhof zur Verfügung.',
    };
    const answer = composeOfflineAnswer('Gibt es Parkplätze?', { assistantName: 'Mika', intro: '', passages: [hotel] });
    expect(answer).toContain('> Parken\n>\n> Kostenlose Parkplätze stehen unseren Gästen im Innenhof zur Verfügung.');
    expect(answer).not.toContain('Parken Kostenlose');
    // The heading starts the quote: the previous section's sentence is not part of it.
    expect(answer).not.toContain('Fuß. Parken');
    const quote = parseMarkdown(answer).find((b): b is Extract<Block, { type: 'blockquote' }> => b.type === 'blockquote')!;
    expect(quote.children.map((b) => (b.type === 'paragraph' ? plainInline(b.children) : b.type))).toEqual([
      'Parken',
      'Kostenlose Parkplätze stehen unseren Gästen im Innenhof zur Verfügung.',
      '— Hausinfo.txt',
    ]);
  });
});

describe('offline engine', () => {
  it('picks the passage that answers the question and attributes its source', () => {
    const best = rankPassages('Wann ist der Kundenservice erreichbar?', passages);
    expect(best[0]).toEqual({ source: 'FAQ.docx', text: passages[1]!.text });
    // Passages arrive ranked by the knowledge retrieval, best first: the engine quotes the top two.
    const ranked = [passages[2]!, passages[0]!, passages[1]!];
    const answer = composeOfflineAnswer('Ab wann ist die Lieferung versandkostenfrei?', { assistantName: 'Mika', intro: '', passages: ranked });
    expect(answer).toContain(OFFLINE_NOTICE);
    expect(answer).toContain('> Lieferungen innerhalb Deutschlands sind ab 50 Euro Bestellwert versandkostenfrei.');
    expect(answer).toContain('— *Versand.md*');
    expect(answer).not.toContain('Kundenservice');
  });

  it('quotes a table from the knowledge as a table the chat renders: the rows the question names, or all of them', () => {
    const zones = {
      source: 'versand.pdf, Seite 2',
      file: 'versand.pdf',
      location: 'Seite 2',
      text:
        'Versandkosten nach Zone. Die Preise gelten pro Paket.\n\n| Zone | Länder | Preis (€) |\n| --- | --- | --- |\n' +
        '| 1 | Deutschland | 4,90 |\n| 2 | Österreich, Schweiz | 9,90 |\n| 3 | übrige EU | 14,50 |',
    };
    /** The tables of the first quote, as the chat's parser (the one renderer) builds them. */
    const quotedTables = (question: string) => {
      const answer = composeOfflineAnswer(question, { assistantName: 'Mika', intro: '', passages: [zones] });
      expect(answer).not.toMatch(/\|\s*\|/);
      const quote = parseMarkdown(answer).find((b): b is Extract<Block, { type: 'blockquote' }> => b.type === 'blockquote')!;
      expect(JSON.stringify(quote)).toContain('versand.pdf, Seite 2');
      return quote.children
        .filter((b): b is Extract<Block, { type: 'table' }> => b.type === 'table')
        .map((t) => [t.header.map((c) => plainInline(c)), ...t.rows.map((r) => r.map((c) => plainInline(c)))]);
    };
    expect(quotedTables('Was kostet der Versand in die Schweiz?')).toEqual([
      [
        ['Zone', 'Länder', 'Preis (€)'],
        ['2', 'Österreich, Schweiz', '9,90'],
      ],
    ]);
    expect(quotedTables('Welche Versandkosten gelten je Zone?')[0]).toHaveLength(4);
  });

  it('says in one paragraph what offline mode can do and what connects a model, per audience', () => {
    // The retrieval found nothing for the question.
    const ask = (audience: 'operator' | 'admin' | 'employee' | 'visitor', q = 'Wie wird das Wetter morgen?') =>
      composeOfflineAnswer(q, { assistantName: 'Mika', intro: 'Ich bin Mika.', passages: [], audience });
    expect(ask('employee')).toContain('keine passende Stelle gefunden');
    expect(ask('employee')).toContain('zitiere ich passende Stellen aus meinem Wissen');
    expect(ask('employee')).toContain('Bitte Deine Administratorin oder Deinen Administrator');
    expect(ask('admin')).toContain('„Support“ in der Seitenleiste');
    expect(ask('operator')).toContain('AI_PROVIDER, AI_API_KEY und AI_CHAT_MODEL');
    // Since issue 28 the operator connects a model in Insight too, without a restart.
    expect(ask('operator')).toContain('„Insight“ → „KI-Anbieter“ auf der Karte „Chat“ (gilt sofort)');
    // A visitor of a public chat learns nothing about the operator's set-up.
    expect(ask('visitor')).not.toMatch(/Betreiber|AI_|Administrator/);
    // A writing request is not answered with the intro, even when the intro shares its words.
    const writing = composeOfflineAnswer('Schreib mir eine E-Mail an Mika.', {
      assistantName: 'Mika',
      intro: 'Ich bin Mika.',
      passages: [{ source: 'Vorstellung von Mika', text: 'Ich bin Mika.' }],
      audience: 'employee',
    });
    expect(writing).toContain('Texte schreiben, umformulieren oder zusammenfassen kann ich erst mit einem angeschlossenen KI-Modell.');
    expect(writing).not.toContain('> ');
  });

  it('is deterministic', () => {
    const q = 'Was kostet das Paket im Monat?';
    expect(composeOfflineAnswer(q, { assistantName: 'M', intro: '', passages })).toBe(
      composeOfflineAnswer(q, { assistantName: 'M', intro: '', passages }),
    );
  });

  it('streams word by word, in order, through the AI SDK like a real model', async () => {
    const result = streamText({
      model: createOfflineModel({ wordDelayMs: 0 }),
      messages: [{ role: 'user', content: 'Was kostet das Profipaket?' }],
      providerOptions: { [OFFLINE_PROVIDER_KEY]: { assistantName: 'Mika', intro: '', passages } },
    });
    const deltas: string[] = [];
    for await (const d of result.textStream) deltas.push(d);
    const full = deltas.join('');
    expect(deltas.length).toBeGreaterThan(10);
    expect(full).toBe(composeOfflineAnswer('Was kostet das Profipaket?', { assistantName: 'Mika', intro: '', passages }));
    expect(full).toContain('Profipaket kostet 99 Euro');
    expect(wordChunks('Hallo  Welt!\nNeu').join('')).toBe('Hallo  Welt!\nNeu');
  });
});

describe('prompting', () => {
  it('builds the system prompt from role, task, style, special properties, intro and knowledge', () => {
    const prompt = buildSystemPrompt(
      { name: 'Mika', role: 'Rolle X', task: 'Aufgabe Y', special: 'Immer mit Gruß', style: 'umgangssprachlich, jung und frech', intro: 'Hi!' },
      [passages[0]!],
    );
    expect(prompt).toContain('## Rolle\nRolle X');
    expect(prompt).toContain('## Aufgabe\nAufgabe Y');
    expect(prompt).toContain('umgangssprachlich, jung und frech – wie unter Kolleginnen');
    expect(prompt).toContain('## Besondere Eigenschaften\nImmer mit Gruß');
    expect(prompt).toContain('[1] (Preisliste.pdf) Das Basispaket');
    expect(prompt).toContain('Antworte auf Deutsch');
  });

  it('trims history to the token budget, newest first, starting with a user turn', () => {
    const long = 'x'.repeat(400); // ≈ 100 tokens
    const history = [
      { role: 'user' as const, content: long },
      { role: 'assistant' as const, content: long },
      { role: 'user' as const, content: long },
      { role: 'assistant' as const, content: long },
      { role: 'user' as const, content: 'neueste Frage' },
    ];
    const trimmed = trimHistory(history, 250);
    expect(trimmed.at(-1)!.content).toBe('neueste Frage');
    expect(trimmed[0]!.role).toBe('user');
    expect(trimmed.length).toBe(3);
  });
});
