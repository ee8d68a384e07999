import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import type { Team } from '../../db/schema/index.ts';
import { fuse, searchPassages } from './retrieval.ts';
import { withNeighbours } from './knowledge.service.ts';
import { hasLegacyFiles } from './knowledge.repository.ts';
import { indexLegacyKnowledge, resplitAssistant, scheduleLegacyIndexing } from './knowledge.jobs.ts';
import { buildSystemPrompt } from '../../ai/prompt.ts';

// Each class of miss of the old ranking (issue 26) as a regression test of our own wording: an
// assistant gets a few small Markdown files through the real upload, then a question is asked.

describe('BM25 retrieval', () => {
  let t: TestApp;
  let team: Team;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  /** A new assistant with these files (name → Markdown); returns a search over it. */
  async function knowledge(files: Record<string, string>) {
    // A team per case: a plan allows only so many assistants.
    const staffed = await createStaffedTeam(t.database.db);
    team = staffed.team;
    agent = await loginAs(t, staffed.owner);
    const assistant = await createAssistant(t.database.db, team);
    for (const [name, text] of Object.entries(files))
      await addKnowledge(agent, assistant.uuid, { name, data: Buffer.from(text) });
    return {
      assistant,
      search: async (q: string, limit = 5) => searchPassages(t.database.db, assistant.id, q, limit),
    };
  }

  it('meets a compound in the question with its parts and a separated verb in the text', async () => {
    const { search } = await knowledge({
      'reisen.md':
        '# Reisen\n\nDie Abrechnung der Kosten einer Reise reichst du spätestens vier Wochen danach bei der Buchhaltung ein.\n\n' +
        '# Hotels\n\nHotels buchst du über das Portal, bis 120 Euro pro Nacht.',
      'sonstiges.md':
        '# Sonstiges\n\nDie Buchhaltung sitzt im zweiten Stock. Reisen ins Ausland plant das Sekretariat.',
    });
    const [first] = await search('Wann muss die Reisekostenabrechnung eingereicht werden?');
    expect(first?.text).toContain('reichst du spätestens vier Wochen');
  });

  it('answers from short words and numbers: a two-letter code and a chapter number', async () => {
    const { search } = await knowledge({
      'codes.md':
        '# Prüfcodes\n\nKapitel 87: Prüfcode QX-4.\n\nKapitel 12: Prüfcode LM-9.\n\n' +
        '# Zuständigkeit\n\nDie IT pflegt die Liste. Fragen zur Liste beantwortet das Qualitätsteam.',
    });
    expect((await search('Welcher Prüfcode gehört zu Kapitel 87?'))[0]?.text).toContain('Kapitel 87');
    expect((await search('Wer ist für die Pflege zuständig, die IT?'))[0]?.text).toContain('Die IT pflegt');
  });

  it('ranks a passage with the rare key word above passages full of common words', async () => {
    const { search } = await knowledge({
      'inseln.md':
        '# Inseln\n\nDie Norfolkinsel liegt im Pazifik zwischen Australien und Neuseeland.\n\n' +
        '# Anreise\n\nWer kommt, kommt meist mit dem Schiff. Es kommt auch vor, dass man fliegt; dann kommt man schneller an.\n\n' +
        '# Wetter\n\nImmer mild, immer feucht, immer windig: so ist es auf den Inseln immer.',
    });
    const [first] = await search('Wo liegt die Norfolkinsel, und wie kommt man immer hin?');
    expect(first?.text).toContain('Die Norfolkinsel liegt');
  });

  it('weighs compound parts less than the whole word', async () => {
    const { search } = await knowledge({
      'geschichte.md':
        '# Nahost\n\nDer Sechstagekrieg dauerte vom 5. bis 10. Juni 1967.\n\n' +
        '# Kriege\n\nKrieg folgte auf Krieg: Kriege um Land, Kriege um Wasser, Krieg um Handel und Krieg um Macht.',
    });
    expect((await search('Wann war der Sechstagekrieg?'))[0]?.text).toContain('Sechstagekrieg');
  });

  it('does not let inflected stop words change the answer', async () => {
    const { search } = await knowledge({
      'lager.md': '# Backwaren\n\nLagerbestand Brote: 140 Laibe, Brötchen: 900 Stück.',
      'team.md': '# Unser Team\n\nUnserer Abteilung gehören viele Leute an, seit wann wurde nie gezählt.',
    });
    const plain = await search('Lagerbestand Brote');
    const inflected = await search('Wie hoch ist der Lagerbestand unserer Brote seit wann?');
    expect(plain[0]?.text).toContain('140 Laibe');
    expect(inflected[0]?.text).toContain('140 Laibe');
  });

  it('matches word forms by stem, not by prefix or by similar spelling', async () => {
    const { search } = await knowledge({
      'land.md':
        '# Länder\n\nDie griechischen Inseln sind im Sommer voll.\n\n' +
        '# Rat\n\nDer Rat tagt jeden Monat.\n\n# Rathaus\n\nDas Rathausfest ist im Juli; Rathausführungen gibt es samstags.',
    });
    // "tschechischen" shares trigrams with "griechischen": a fuzzy match never outranks a BM25 hit,
    // and is not even looked for when BM25 found enough; "Rat" does not find "Rathaus…" by prefix.
    const top = await search('Wann tagt der tschechischen Rat?');
    expect(top[0]?.text).toContain('Der Rat tagt');
    expect(top.some((p) => p.text.includes('Rathausfest'))).toBe(false);
    expect(await search('Wann tagt der tschechischen Rat?', 1)).toHaveLength(1);
    expect((await search('Wann tagt der tschechischen Rat?', 1))[0]?.text).toContain('Der Rat tagt');
  });

  it('prefers the passage of the document the question is about over an equal match in another', async () => {
    const { search } = await knowledge({
      'teil-a.md': '# Beamer\n\nDen Beamer kann man für zwei Tage ausleihen.',
      'teil-b.md':
        '# Leihfrist\n\nAlle Medien bleiben vier Wochen beim Leser.\n\n' +
        '# Ausweis\n\nDer Ausweis der Bibliothek kostet zehn Euro im Jahr.\n\n' +
        '# Öffnungszeiten\n\nDie Bibliothek öffnet werktags um neun Uhr.',
    });
    // The short beamer passage matches "ausleihen" as well as the lending period matches "Medien";
    // "Bibliothek" is only in the lending period's document (two-level BM25: file and passage).
    const [first] = await search('Wie lange kann man Medien der Bibliothek ausleihen?');
    expect(first?.text).toContain('Alle Medien bleiben vier Wochen');
  });

  it('falls back to trigram similarity only when the words are found nowhere', async () => {
    const { search } = await knowledge({
      'wartung.md': '# Wartung\n\nDie Kompressoranlage wird halbjährlich gewartet.',
    });
    // A misspelling that no stem matches still finds the passage.
    expect((await search('Wann wird die Kompresoranlage gewartet?'))[0]?.text).toContain('Kompressoranlage');
  });

  it('boosts headings and file names over a mention in body text', async () => {
    const { search } = await knowledge({
      'brote.md': '# Sortiment\n\nRoggen, Dinkel und Weizen, täglich frisch.',
      'allgemein.md': '# Allgemein\n\nWir backen Brote, Kuchen und Torten. Das Sortiment wechselt.',
      'kuchen.md': '# Kuchen\n\nKuchen gibt es am Wochenende; Brote und Sortiment wie immer.',
    });
    expect((await search('Welche Brote?'))[0]?.fileName).toBe('brote.md');
  });

  it('keeps term statistics in the database and forgets a deleted file', async () => {
    const { assistant, search } = await knowledge({
      'a.md': '# Alpha\n\nDas Zauberwort heißt Kumquat.',
    });
    const postings = async () => {
      const result = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from knowledge_postings where assistant_id = ${assistant.id} and term = 'kumquat'`,
      );
      return (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows)[0]!.n;
    };
    expect(await postings()).toBe(1);
    expect((await search('Kumquat'))[0]?.text).toContain('Kumquat');
    const file = (await agent.get(`/api/knowledge/${assistant.uuid}`)).json<{ files: { uuid: string }[] }>()
      .files[0]!;
    const res = await agent.delete('/api/knowledge', { assistantUuid: assistant.uuid, fileUuid: file.uuid });
    expect(res.status, res.body).toBe(200);
    expect(await postings()).toBe(0);
    expect(await search('Kumquat')).toEqual([]);
  });

  it('returns the neighbours of a passage cut from a long section, and none across headings', async () => {
    const long = Array.from(
      { length: 30 },
      (_, i) => `Regel ${i + 1} gilt für alle Standorte gleichermaßen.`,
    ).join(' ');
    const { search } = await knowledge({
      'regeln.md': `# Regeln\n\n${long} Die Schlussregel betrifft den Zitronenbaum.\n\n# Anderes\n\nNichts weiter.`,
    });
    const [last] = await search('Zitronenbaum');
    expect(last?.text).toContain('Zitronenbaum');
    expect(last?.before).toContain('Regel 1 gilt');
    expect(last?.after).toBeNull();
  });

  it('splits the compounds of earlier files by the words of later ones once the assistant is re-split', async () => {
    const { assistant, search } = await knowledge({
      'empfang.md': '# Empfang\n\nDer Dienstwagenschlüssel liegt am Empfang im Tresor.',
      'fuhrpark.md':
        '# Fuhrpark\n\nJeder Schlüssel wird im Fahrtenbuch quittiert. Der Dienstwagen steht im Hof.',
    });
    await resplitAssistant({ db: t.database.db }, assistant.id);
    const top = await search('Wo liegt der Schlüssel für den Dienstwagen?', 2);
    expect(top[0]?.text).toContain('Dienstwagenschlüssel liegt am Empfang');
  });

  it('indexes at start the files that were ready before the BM25 index existed', async () => {
    const { assistant, search } = await knowledge({
      'alt.md': '# Alt\n\nDie Quittenmarmelade steht im Keller.',
    });
    // As after migration 0020: passages without postings, no term counts, no total length.
    await t.database.db.execute(sql`delete from knowledge_postings where assistant_id = ${assistant.id}`);
    await t.database.db.execute(sql`delete from knowledge_terms where assistant_id = ${assistant.id}`);
    await t.database.db.execute(
      sql`update knowledge_files set term_total = 0 where assistant_id = ${assistant.id}`,
    );
    expect(await search('Quittenmarmelade')).toEqual([]);
    await indexLegacyKnowledge(t.deps);
    expect((await search('Wo steht die Quittenmarmelade?'))[0]?.text).toContain(
      'Quittenmarmelade steht im Keller',
    );
  });

  it('rebuilds the index after migration 0026 at start: existing knowledge is found with the new analysis', async () => {
    const { assistant, search } = await knowledge({
      'freigabe.md': '# Freigaben\n\nBestellungen ab 1.200 Euro gibt die Abteilungsleitung frei.',
      'sonst.md': '# Sonstiges\n\nDie Kantine hat 200 Plätze; 1 Raum ist für Gäste reserviert.',
    });
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0026_reindex_knowledge.sql'),
      'utf8',
    );
    // Its data statements (the column it adds exists already in the test database).
    for (const statement of migration.split('--> statement-breakpoint'))
      if (!statement.includes('ALTER TABLE')) await t.database.db.execute(sql.raw(statement));
    expect(await search('Wer gibt Bestellungen frei?')).toEqual([]);
    // As the start does it: a background job, so the server answers before the index is rebuilt.
    expect(await scheduleLegacyIndexing(t.deps)).toBe(true);
    await expect
      .poll(async () => (await search('Wer gibt Bestellungen frei?'))[0]?.text, { timeout: 20_000 })
      .toContain('Abteilungsleitung frei');
    // The job goes on until no file waits (the migration emptied every Mika's index in this database).
    await expect.poll(() => hasLegacyFiles(t.database.db), { timeout: 30_000 }).toBe(false);
    expect(await scheduleLegacyIndexing(t.deps)).toBe(false);
    // Indexed with the new analysis: "1.200" is the number 1200, not "1" and "200".
    expect((await search('Ab 1200 Euro?'))[0]?.fileName).toBe('freigabe.md');
    const counted = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from knowledge_terms where assistant_id = ${assistant.id} and term = '1200'`,
    );
    expect((Array.isArray(counted) ? counted : (counted as { rows: { n: number }[] }).rows)[0]!.n).toBe(1);
  });

  it('indexes waiting files in batches: each run a few, then says whether more wait', async () => {
    const { assistant, search } = await knowledge({
      'eins.md': '# Eins\n\nDer Hausmeister heißt Bernd.',
      'zwei.md': '# Zwei\n\nDie Poststelle öffnet um acht.',
    });
    await t.database.db.execute(sql`delete from knowledge_postings where assistant_id = ${assistant.id}`);
    await t.database.db.execute(sql`delete from knowledge_terms where assistant_id = ${assistant.id}`);
    await t.database.db.execute(sql`update knowledge_files set term_total = 0 where assistant_id = ${assistant.id}`);
    const first = await indexLegacyKnowledge(t.deps, 1);
    expect(first).toEqual({ count: 1, more: true });
    // The older file first; the other is still unindexed.
    expect((await search('Hausmeister'))[0]?.fileName).toBe('eins.md');
    expect(await search('Poststelle')).toEqual([]);
    expect(await indexLegacyKnowledge(t.deps, 1)).toEqual({ count: 1, more: false });
    expect((await search('Poststelle'))[0]?.fileName).toBe('zwei.md');
  });

  it('orders equal fused scores by the lexical score, then by id: the same question, the same order', () => {
    // Passage 7 and 3 tie in reciprocal rank (each first in one ranking); 7 has the higher BM25 score.
    const order = fuse([
      [
        { id: 7, score: 9 },
        { id: 5, score: 1 },
      ],
      [{ id: 3 }, { id: 9 }],
    ]);
    expect(order).toEqual([7, 3, 5, 9]);
    expect(fuse([[{ id: 4 }], [{ id: 2 }]])).toEqual([2, 4]);
  });
});

describe('the passage handed to a model', () => {
  it('carries the sentences around a cut, past the overlap; the quote stays the passage itself', () => {
    const first = 'Satz eins steht hier. Satz zwei steht hier. Satz drei schließt ab.';
    const second = 'Satz drei schließt ab. Satz vier folgt. Satz fünf endet den Abschnitt.';
    const context = withNeighbours({ text: first, before: null, after: second });
    expect(context).toBe(`${first} Satz vier folgt. Satz fünf endet den Abschnitt. …`);
    expect(withNeighbours({ text: second, before: first, after: null })).toBe(second);
    expect(withNeighbours({ text: 'Allein.', before: null, after: null })).toBe('Allein.');
    const prompt = buildSystemPrompt(
      { name: 'Mika', role: '', task: '', special: '', style: '', intro: '' },
      [{ source: 'handbuch.pdf, Seite 3', heading: 'Urlaub', text: first, context }],
    );
    expect(prompt).toContain(`[1] (handbuch.pdf, Seite 3 › Urlaub) ${context}`);
  });
});
