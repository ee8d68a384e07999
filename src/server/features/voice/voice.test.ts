import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, teams } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread, speakAnswer } from '../../../../tests/setup/chat.ts';
import { countMp3Frames, makeWav, uploadAudio } from '../../../../tests/fixtures/media.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { PUBLIC_CHAT_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';

describe('voice input with a transcription model', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ transcript: 'Wann habt Ihr geöffnet?' });
    t = await createTestApp({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.url,
      AI_API_KEY: 'k',
      AI_CHAT_MODEL: 'gpt-test',
      AI_TRANSCRIPTION_MODEL: 'whisper-test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('transcribes a mono WAV through the provider at level Niedrig', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    expect((await agent.get('/api/capabilities')).json().transcription).toEqual({
      available: true,
      provider: 'openai',
      model: 'whisper-test',
    });
    const thread = (await agent.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const wav = makeWav(0.4);
    const res = await uploadAudio(
      agent,
      { assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token },
      wav,
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Wann habt Ihr geöffnet?', addCost: 0 });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(Buffer.from(sent.body).includes(wav.subarray(0, 64))).toBe(true);
    expect(Buffer.from(sent.body).toString('latin1')).toContain('whisper-test');
  });

  it('refuses voice from level Mittel on, except in the public chat', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    await t.database.db.update(teams).set({ protectionLevel: 1 }).where(eq(teams.id, team.id));
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const agent = await loginAs(t, owner);
    const thread = (await agent.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const before = fake.requests.length;
    const refused = await uploadAudio(
      agent,
      { assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token },
      makeWav(),
    );
    expect(refused.status).toBe(403);
    expect(refused.json().error).toBe(USER_MESSAGES.voiceRefused);
    expect(fake.requests.length).toBe(before);

    const visitor = new Agent(t.app, '192.0.2.90');
    const publicThread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const ok = await uploadAudio(
      visitor,
      { assistantUuid: a.uuid, threadId: String(publicThread.id), token: publicThread.token },
      makeWav(),
    );
    expect(ok.status).toBe(200);
  });

  it('rejects missing, invalid and oversized recordings, and wrong threads', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = (await agent.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const fields = { assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token };
    expect((await uploadAudio(agent, fields)).json().error).toBe(PUBLIC_CHAT_MESSAGES.audioRequired);
    const invalid = await uploadAudio(agent, fields, Buffer.from('das ist kein wav'.repeat(10)));
    expect(invalid.status).toBe(422);
    expect(invalid.json().error).toBe(PUBLIC_CHAT_MESSAGES.audioInvalid);
    const big = await uploadAudio(agent, fields, makeWav(330)); // ≈ 10.6 MB at 16 kHz
    expect(big.status).toBe(413);
    expect(big.json().error).toBe(PUBLIC_CHAT_MESSAGES.audioTooLarge);
    expect((await uploadAudio(agent, { ...fields, token: 'falsch' }, makeWav())).status).toBe(404);
    expect(
      (await uploadAudio(agent, { assistantUuid: a.uuid, token: thread.token }, makeWav())).json().error,
    ).toBe('Keine Thread Verbindung erkannt');
  });
});

describe('voice without providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('says clearly that voice input is not set up', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    expect((await agent.get('/api/capabilities')).json().transcription.available).toBe(false);
    const thread = (await agent.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const res = await uploadAudio(
      agent,
      { assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token },
      makeWav(),
    );
    expect(res.status).toBe(422);
    expect(res.json().error).toBe(PUBLIC_CHAT_MESSAGES.transcriptionUnavailable);
  });

  it('speaks an answer as valid MP3 offline and serves it to the thread only', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { canTalk: true });
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    const { complete } = await askInThread(agent, a.uuid, thread, 'Hallo!');

    const res = await speakAnswer(agent, a.uuid, thread, complete.message_id);
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/send/msgtovoice',
      headers: {
        cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': agent.cookies.get('XSRF-TOKEN')!,
      },
      payload: {
        assistantUuid: a.uuid,
        threadId: thread.id,
        token: thread.token,
        msgId: complete.message_id,
      },
    });
    const audio = raw.rawPayload;
    expect(audio.length).toBeGreaterThan(5000);
    // ≈ 26 ms per frame at 22 kHz: more than a second of speech.
    expect(countMp3Frames(audio)).toBeGreaterThan(40);
    // Only stored answers are spoken: a text from the client could carry anything past the gate.
    const free = await agent.post('/api/send/msgtovoice', {
      assistantUuid: a.uuid,
      threadId: thread.id,
      token: thread.token,
      msg: 'Guten Tag',
    });
    expect(free.status).toBe(422);

    // Speaking the same answer again replays the stored audio instead of synthesising it twice.
    const file = String(raw.headers['x-audio-file']);
    expect(file).toBe(String(res.headers['x-audio-file']));
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, complete.message_id));
    expect(stored!.audio).toBe(file);
    // The spoken answer is the spec's audio message (type mp3) in the history, its text kept.
    const history = (await agent.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).json().messages as Record<string, unknown>[];
    expect(history.find((m) => m.id === complete.message_id)).toMatchObject({ origin: 'ai', type: 'mp3', audio: file, text: complete.final_text });
    expect(history.filter((m) => m.type === 'mp3')).toHaveLength(1);
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const served = await t.app.inject({
      method: 'GET',
      url: `/audio/${a.uuid}/${file}?token=${thread.token}`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(countMp3Frames(served.rawPayload)).toBeGreaterThan(10);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/audio/${a.uuid}/${file}?token=falsch`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(404);
    // The token alone is not enough for a team thread: it belongs to its user's session.
    expect(
      (await t.app.inject({ method: 'GET', url: `/audio/${a.uuid}/${file}?token=${thread.token}` }))
        .statusCode,
    ).toBe(404);
    const other = await createAssistant(t.database.db, team);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/audio/${other.uuid}/${file}?token=${thread.token}`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses speech for assistants that only send text', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { canTalk: false });
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    const { complete } = await askInThread(agent, a.uuid, thread, 'Hallo!');
    const res = await speakAnswer(agent, a.uuid, thread, complete.message_id);
    expect(res.status).toBe(403);
  });
});
