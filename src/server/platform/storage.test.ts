import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../tests/fixtures/s3-server.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { addKnowledge } from '../../../tests/setup/knowledge.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../tests/factories/index.ts';
import { multipartBody } from '../../../tests/fixtures/media.ts';
import { createDiskBackend, createS3Backend, type ObjectBackend } from './object-backend.ts';
import { createPrivateStore, createPublicStorage, publicUrl } from './storage.ts';

// The one storage interface, against local disk and an S3-compatible server alike (issue 17).

let s3: FakeS3;
let dir: string;
beforeAll(async () => {
  s3 = await startFakeS3();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-disk-'));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const backends: [string, () => ObjectBackend][] = [
  ['local disk', () => createDiskBackend(dir)],
  [
    'S3',
    () =>
      createS3Backend({
        bucket: s3.bucket,
        region: 'eu-central-1',
        endpoint: s3.endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'inst1/',
      }),
  ],
];

describe.each(backends)('storage contract: %s', (_name, make) => {
  it('stores, reads, lists and deletes objects by key', async () => {
    const b = make();
    const data = Buffer.from('Inventur am zweiten Samstag im Januar – äöüß €');
    await b.put('private/knowledge/a1.bin', data, 'application/octet-stream');
    await b.put('private/audio-x/b2.mp3', Buffer.alloc(70_000, 7), 'audio/mpeg');
    expect(await b.get('private/knowledge/a1.bin')).toEqual(data);
    expect((await b.get('private/audio-x/b2.mp3'))?.length).toBe(70_000);
    expect(await b.get('private/knowledge/missing.bin')).toBeUndefined();
    const keys = (await b.list('private/')).map((o) => o.key).sort();
    expect(keys).toEqual(['private/audio-x/b2.mp3', 'private/knowledge/a1.bin']);
    await b.delete('private/knowledge/a1.bin');
    await b.delete('private/knowledge/a1.bin');
    expect(await b.get('private/knowledge/a1.bin')).toBeUndefined();
    await expect(b.get('private/../../etc/passwd')).rejects.toThrow('bad object key');
    await b.delete('private/audio-x/b2.mp3');
  });

  it('public storage gives keys, private store keeps folders, the sweep sees only old files', async () => {
    const b = make();
    const pub = createPublicStorage(b);
    const key = await pub.put('logos', 'png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(key).toMatch(/^logos\/[\w-]+\.png$/);
    expect(publicUrl(key)).toBe(`/storage/${key}`);
    expect(publicUrl(`/storage/${key}`)).toBe(`/storage/${key}`);
    expect(await pub.exists(key)).toBe(true);
    expect(await pub.exists(`/storage/${key}`)).toBe(true);
    await pub.remove(key);
    expect(await pub.exists(key)).toBe(false);
    await expect(pub.put('logos', 'exe', 'x')).rejects.toThrow();

    const priv = createPrivateStore(b);
    const name = await priv.put('knowledge', 'bin', Buffer.from('geheim'));
    expect(await priv.read('knowledge', name)).toEqual(Buffer.from('geheim'));
    expect(await priv.folders()).toContain('knowledge');
    expect(await priv.filesOlderThan('knowledge', new Date(Date.now() - 60_000))).not.toContain(name);
    expect(await priv.filesOlderThan('knowledge', new Date(Date.now() + 60_000))).toContain(name);
    await priv.remove('knowledge', name);
    expect(await priv.read('knowledge', name)).toBeUndefined();
  });
});

describe('the app on S3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env, S3_PREFIX: 'app/', AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('keeps logos and knowledge files in the bucket, serves the logo, reads the file for answers, deletes with the assistant', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    const a = await createAssistant(t.database.db, team);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const { payload, contentType } = multipartBody({ assistantUuid: a.uuid }, { field: 'file', name: 'logo.png', data: png });
    const upload = await agent.request('POST', '/api/assistant/logo', payload, { headers: { 'content-type': contentType } });
    expect(upload.status, upload.body).toBe(200);
    const url: string = upload.json().logo;
    expect(url).toMatch(/^\/storage\/logos\/[\w-]+\.png$/);
    const served = await agent.get(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await agent.get('/storage/logos/fehlt.png')).status).toBe(404);
    // Nothing on local disk: the bytes are in the bucket.
    await expect(fs.access(path.join(t.config.storageDir, url.replace('/storage/', '')))).rejects.toThrow();
    const bucket = createS3Backend({ ...t.config.s3!, prefix: '' });
    expect((await bucket.list('app/storage/logos/')).map((o) => o.key)).toContain(`app${url}`);

    await addKnowledge(agent, a.uuid, { name: 'lager.txt', data: Buffer.from('Die Inventur ist am zweiten Samstag im Januar.') });
    expect((await bucket.list('app/private/knowledge/')).length).toBe(1);

    expect((await agent.delete(`/api/assistant/${a.uuid}`)).status).toBe(200);
    expect((await bucket.list('app/storage/logos/')).map((o) => o.key)).not.toContain(`app${url}`);
  });
});
