import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { uploadKnowledge } from '../../../../tests/setup/knowledge-upload.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';

// The record of processing activities names what the operator configured: the AI provider with
// its data location, further sub-processors, and the team's retention and protection settings.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_API_KEY: 'k',
    AI_CHAT_MODEL: 'llama-test',
    AI_PROVIDER_NAME: 'Beispiel KI GmbH',
    AI_DATA_LOCATION: 'eu',
    SUBPROCESSORS: JSON.stringify([{ name: 'Rechenzentrum Nord', purpose: 'Hosting', data: 'alle Daten', location: 'eu' }]),
  });
});
afterAll(async () => {
  await t?.close();
});

async function pdfText(data: Uint8Array) {
  const doc = await getDocument({ data, useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  return text.replace(/\s+/g, ' ');
}

describe('processing record', () => {
  it('names the configured providers, the Mikas and the retention settings, as PDF and Markdown', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { name: 'Empfangs-Mika', isPublic: true, canTalk: true, form: { active: true } });
    const admin = await loginAs(t, owner);
    await uploadKnowledge(admin, a.uuid, { name: 'faq.txt', data: Buffer.from('Wir öffnen um neun Uhr.') });
    await admin.put('/api/dataprotection/retention', { members_days: 180, visitors_days: 30 });

    const capabilities = (await admin.get('/api/capabilities')).json();
    expect(capabilities.processors).toEqual([
      expect.objectContaining({ name: 'Beispiel KI GmbH', location: 'eu' }),
      { name: 'Rechenzentrum Nord', purpose: 'Hosting', data: 'alle Daten', location: 'eu' },
    ]);

    const pdf = await admin.get('/api/dataprotection/record/pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(pdf.raw));
    for (const expected of [
      'Verzeichnis von Verarbeitungstätigkeiten',
      'Beispiel KI GmbH',
      'Rechenzentrum Nord',
      'EU/EWR',
      'Empfangs-Mika',
      'Kontaktformular',
      'Team-Mitgliedern: 180 Tage',
      'Besuchern öffentlicher Mikas: 30 Tage',
    ]) {
      expect(text, expected).toContain(expected);
    }

    const md = await admin.get('/api/dataprotection/record/md');
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.body).toContain('| Beispiel KI GmbH |');
    expect(md.body).toContain('Unterhaltungen von Team-Mitgliedern: 180 Tage');
    // Invoices outlive erasure requests and the team: the record says so and why.
    expect(md.body).toContain('Rechnungen und Stornorechnungen (mit Rechnungsanschrift): 10 Jahre nach Ende des Ausstellungsjahres');

    // It follows the settings.
    await admin.put('/api/dataprotection/retention', { members_days: null, visitors_days: 90 });
    expect((await admin.get('/api/dataprotection/record/md')).body).toContain('Unterhaltungen von Team-Mitgliedern: unbegrenzt');

    expect((await (await loginAs(t, employee)).get('/api/dataprotection/record/pdf')).status).toBe(403);
    expect((await admin.get('/api/dataprotection/record/docx')).status).toBe(422);
  });
});
