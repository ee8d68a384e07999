import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { usageRecords } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import {
  createAssistant,
  createStaffedTeam,
  createUser,
  grantRights,
  loginAs,
} from '../../../../tests/factories/index.ts';
import { multipartBody } from '../../../../tests/fixtures/media.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import {
  makePicture,
  recraftEnv,
  startFakeImageServer,
  type FakeImageServer,
} from '../../../../tests/fixtures/fake-image-server.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { IMAGE_MESSAGES } from '../../../shared/messages.ts';
import type { Assistant } from '../../db/schema/index.ts';
import { sweepPrivateFiles } from '../../platform/file-sweep.ts';
import { IMAGE_FOLDER, STYLE_IMAGE_FOLDER, imageFolderOwner } from './image.repository.ts';

const PNG_MAGIC = '89504e470d0a1a0a';

function uploadStyleImage(agent: Agent, assistantUuid: string, name: string, data: Buffer) {
  const { payload, contentType } = multipartBody(
    { assistantUuid },
    { field: 'file', name, data, type: 'image/png' },
  );
  return agent.request('POST', '/api/styleimage', payload, { headers: { 'content-type': contentType } });
}

async function colouredPng(i: number): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 30 * i } },
  })
    .png()
    .toBuffer();
}

/** Waits until the picture is finished (the job runs in the background). */
async function waitForImage(agent: Agent, assistantUuid: string, imageUuid: string) {
  for (let i = 0; i < 150; i++) {
    const list = (await agent.get(`/api/images/${assistantUuid}`)).json();
    const found = list.images.find((im: any) => im.uuid === imageUuid);
    if (found && (found.status === 'ready' || found.status === 'error')) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('picture not finished in time');
}

describe('image assistants without an image provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('reports image generation as unavailable and answers a clear German 503 instead of a picture', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const mika = await createAssistant(t.database.db, team, { type: 'image', mainStyle: 'realistic_image' });
    const agent = await loginAs(t, owner);
    expect((await agent.get('/api/capabilities')).json().image).toEqual({
      available: false,
      provider: null,
      model: null,
    });
    const res = await agent.post('/api/optimizedprompt', {
      assistantUuid: mika.uuid,
      input: 'Ein Leuchtturm im Sturm',
    });
    expect(res.status).toBe(503);
    expect(res.json().error).toBe(IMAGE_MESSAGES.notConfigured);
    const create = await agent.post('/api/style/create', {
      assistantUuid: mika.uuid,
      selectedStyle: 'realistic_image',
    });
    expect(create.status).toBe(503);
  });
});

describe('image assistants with Recraft (fake image server)', () => {
  let t: TestApp;
  let fake: FakeImageServer;
  let chat: FakeOpenAI;
  let mika: Assistant;
  let owner: Agent;
  let people: Awaited<ReturnType<typeof createStaffedTeam>>;

  beforeAll(async () => {
    fake = await startFakeImageServer();
    t = await createTestApp(recraftEnv(fake));
    people = await createStaffedTeam(t.database.db);
    mika = await createAssistant(t.database.db, people.team, { type: 'image', name: 'Maler-Mika' });
    owner = await loginAs(t, people.owner);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await chat?.close();
  });

  it('reports the image provider in the capabilities', async () => {
    expect((await owner.get('/api/capabilities')).json().image).toEqual({
      available: true,
      provider: 'recraft',
      model: 'recraftv3',
    });
  });

  it('choose mode: saves a central style and substyle; a central style alone resets the substyle', async () => {
    const chosen = await owner.post('/api/style/choose', {
      assistantUuid: mika.uuid,
      selectedStyle: 'digital_illustration',
      selectedSubStyle: 'watercolor',
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json().message).toBe('Style wurde gespeichert');
    let list = (await owner.get(`/api/styleimages/${mika.uuid}`)).json();
    expect(list).toMatchObject({
      main_style: 'digital_illustration',
      sub_style: 'watercolor',
      is_image_style_custom: 0,
      required: 5,
    });

    const wrong = await owner.post('/api/style/choose', {
      assistantUuid: mika.uuid,
      selectedStyle: 'realistic_image',
      selectedSubStyle: 'watercolor',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json().error).toBe(IMAGE_MESSAGES.substyleInvalid);
    const unknown = await owner.post('/api/style/choose', {
      assistantUuid: mika.uuid,
      selectedStyle: 'oil_painting',
    });
    expect(unknown.status).toBe(422);

    await owner.post('/api/style/choose', {
      assistantUuid: mika.uuid,
      selectedStyle: 'realistic_image',
      selectedSubStyle: null,
    });
    list = (await owner.get(`/api/styleimages/${mika.uuid}`)).json();
    expect(list).toMatchObject({ main_style: 'realistic_image', sub_style: null });
  });

  it('paints a picture in the chosen style: prompt, background job, download of the provider URL, stored PNG, usage', async () => {
    await owner.post('/api/style/choose', {
      assistantUuid: mika.uuid,
      selectedStyle: 'digital_illustration',
      selectedSubStyle: 'watercolor',
    });
    const empty = await owner.post('/api/optimizedprompt', { assistantUuid: mika.uuid, input: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.json().error).toBe(IMAGE_MESSAGES.descriptionRequired);

    const prompted = await owner.post('/api/optimizedprompt', {
      assistantUuid: mika.uuid,
      input: 'Ein Leuchtturm an der Nordsee bei Sonnenuntergang',
    });
    expect(prompted.status).toBe(200);
    const { image_uuid, prompt_str, tool } = prompted.json();
    expect(tool).toBe('recraft');
    // The offline engine builds the prompt from the description and the style's German labels.
    expect(prompt_str).toContain('Leuchtturm an der Nordsee');
    expect(prompt_str).toContain('Digitale Illustration – Aquarell');
    expect(fake.generations()).toHaveLength(0);

    const started = await owner.post('/api/createimage', { imageUuid: image_uuid });
    expect(started.status).toBe(200);
    expect(started.json().image.status).toBe('queued');
    const done = await waitForImage(owner, mika.uuid, image_uuid);
    expect(done).toMatchObject({ status: 'ready', url: `/image/${mika.uuid}/${image_uuid}` });

    const sent = fake.generations().at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer rk-test');
    expect(sent.body).toMatchObject({
      style: 'digital_illustration',
      substyle: 'watercolor',
      model: 'recraftv3',
      response_format: 'url',
    });
    expect(sent.body.prompt).toContain('Leuchtturm');

    const picture = await owner.get(done.url);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.raw.subarray(0, 8).toString('hex')).toBe(PNG_MAGIC);
    expect((await sharp(picture.raw).metadata()).width).toBe(512);
    const download = await owner.get(`${done.url}?download=1`);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="mika-bild-/);

    const usage = await t.database.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.assistantId, mika.id), eq(usageRecords.capability, 'image')));
    expect(usage.filter((u) => u.images === 1)).toHaveLength(1);

    // Starting it again paints nothing new.
    await owner.post('/api/createimage', { imageUuid: image_uuid });
    expect(fake.generations()).toHaveLength(1);
  });

  it('serves pictures only to the user who asked, within the team: others 404, no session 401', async () => {
    const prompted = (
      await owner.post('/api/optimizedprompt', { assistantUuid: mika.uuid, input: 'Ein roter Fesselballon' })
    ).json();
    await owner.post('/api/createimage', { imageUuid: prompted.image_uuid });
    const done = await waitForImage(owner, mika.uuid, prompted.image_uuid);

    const other = await createStaffedTeam(t.database.db);
    const stranger = await loginAs(t, other.owner);
    expect((await stranger.get(done.url)).status).toBe(404);
    expect((await stranger.post('/api/createimage', { imageUuid: prompted.image_uuid })).status).toBe(404);
    expect(
      (await stranger.post('/api/optimizedprompt', { assistantUuid: mika.uuid, input: 'Test' })).status,
    ).toBe(404);
    expect((await stranger.get(`/api/styleimages/${mika.uuid}`)).status).toBe(404);
    expect((await new Agent(t.app).get(done.url)).status).toBe(401);

    // Same team, use right, but not the user's picture.
    const colleague = await createUser(t.database.db, people.team, { isAdmin: false });
    await grantRights(t.database.db, colleague, mika, { canUse: true });
    const colleagueAgent = await loginAs(t, colleague);
    expect((await colleagueAgent.get(done.url)).status).toBe(404);
    expect((await colleagueAgent.get(`/api/images/${mika.uuid}`)).json().images).toEqual([]);
    // Without the use right: 403.
    const employee = await loginAs(t, people.employee);
    expect(
      (await employee.post('/api/optimizedprompt', { assistantUuid: mika.uuid, input: 'Test' })).status,
    ).toBe(403);
    // The edit right is needed for the styles.
    expect(
      (
        await colleagueAgent.post('/api/style/choose', {
          assistantUuid: mika.uuid,
          selectedStyle: 'realistic_image',
        })
      ).status,
    ).toBe(403);
  });

  it('custom mode: PNG only by its bytes, five references, a Recraft style_id used for painting', async () => {
    const custom = await createAssistant(t.database.db, people.team, { type: 'image', name: 'Eigener Stil' });
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const renamed = await uploadStyleImage(owner, custom.uuid, 'foto.png', jpeg);
    expect(renamed.status).toBe(422);
    expect(renamed.json().error).toBe(IMAGE_MESSAGES.pngInvalid);
    const wrongType = await uploadStyleImage(owner, custom.uuid, 'foto.jpg', jpeg);
    expect(wrongType.status).toBe(422);
    expect(wrongType.json().error).toBe(IMAGE_MESSAGES.pngOnly);

    const uuids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await uploadStyleImage(owner, custom.uuid, `stil-${i}.png`, await colouredPng(i));
      expect(res.status, res.body).toBe(200);
      expect(res.json().message).toBe('Bild hochgeladen');
      uuids.push(res.json().image.uuid);
    }
    const four = await owner.post('/api/style/create', {
      assistantUuid: custom.uuid,
      selectedStyle: 'realistic_image',
    });
    expect(four.status).toBe(422);
    expect(four.json().error).toBe(IMAGE_MESSAGES.needStyleImages(5));
    expect(fake.styles()).toHaveLength(0);

    uuids.push(
      (await uploadStyleImage(owner, custom.uuid, 'stil-4.png', await colouredPng(4))).json().image.uuid,
    );
    const sixth = await uploadStyleImage(owner, custom.uuid, 'stil-5.png', await colouredPng(5));
    expect(sixth.status).toBe(422);
    expect(sixth.json().error).toBe(IMAGE_MESSAGES.tooManyStyleImages(5));

    const thumb = await owner.get(`/api/styleimage/${custom.uuid}/${uuids[0]}`);
    expect(thumb.headers['content-type']).toBe('image/png');

    const text = await owner.post('/api/style/create', {
      assistantUuid: custom.uuid,
      selectedStyle: 'text_in_image',
    });
    expect(text.status).toBe(422);
    expect(text.json().error).toBe(IMAGE_MESSAGES.customStyleBase);

    const created = await owner.post('/api/style/create', {
      assistantUuid: custom.uuid,
      selectedStyle: 'digital_illustration',
    });
    expect(created.status, created.body).toBe(200);
    expect(created.json().message).toBe('Style wurde erstellt und kann verwendet werden');
    const styleCall = fake.styles().at(-1)!;
    expect(styleCall.body).toEqual({ style: 'digital_illustration' });
    expect(styleCall.files!.map((f) => f.field)).toEqual(['file1', 'file2', 'file3', 'file4', 'file5']);
    expect(styleCall.files!.every((f) => f.png && f.type === 'image/png')).toBe(true);
    const list = (await owner.get(`/api/styleimages/${custom.uuid}`)).json();
    expect(list).toMatchObject({
      is_image_style_custom: 1,
      main_style: 'digital_illustration',
      custom_style_ready: true,
    });
    expect(list.images).toHaveLength(5);

    const prompted = (
      await owner.post('/api/optimizedprompt', {
        assistantUuid: custom.uuid,
        input: 'Eine Katze auf dem Sofa',
      })
    ).json();
    await owner.post('/api/createimage', { imageUuid: prompted.image_uuid });
    expect((await waitForImage(owner, custom.uuid, prompted.image_uuid)).status).toBe('ready');
    const sent = fake.generations().at(-1)!.body;
    expect(sent.style_id).toBeTruthy();
    expect(sent.style).toBeUndefined();

    // A changed set of references needs a new style before painting again.
    const removed = await owner.request('DELETE', `/api/styleimage/${custom.uuid}/${uuids[0]}`);
    expect(removed.json().message).toBe('Das Bild wurde gelöscht');
    expect((await owner.get(`/api/styleimages/${custom.uuid}`)).json()).toMatchObject({
      custom_style_ready: false,
    });
    const blocked = await owner.post('/api/optimizedprompt', {
      assistantUuid: custom.uuid,
      input: 'Noch eine Katze',
    });
    expect(blocked.status).toBe(409);
    expect(blocked.json().error).toBe(IMAGE_MESSAGES.customStyleMissing);
  });

  it('never sends a protected term to the image provider (offline prompt and chat model prompt)', async () => {
    const secret = await createAssistant(t.database.db, people.team, {
      type: 'image',
      mainStyle: 'realistic_image',
      filterEnabled: true,
      filter: 'Anna Schmidt, Projekt Falke',
    });
    const before = fake.generations().length;
    const prompted = await owner.post('/api/optimizedprompt', {
      assistantUuid: secret.uuid,
      input: 'Anna Schmidt mit dem Projekt Falke am Strand',
    });
    expect(prompted.json().prompt_str).toContain('Anna Schmidt');
    await owner.post('/api/createimage', { imageUuid: prompted.json().image_uuid });
    expect((await waitForImage(owner, secret.uuid, prompted.json().image_uuid)).status).toBe('ready');
    const sent = JSON.stringify(fake.generations().slice(before));
    expect(sent).toContain('Strand');
    expect(sent).not.toMatch(/Anna|Schmidt|Falke/);
    expect(sent).not.toContain('[[N');
  });

  it('with a chat model: the model writes the prompt behind the gate, the provider still never sees the term', async () => {
    chat = await startFakeOpenAI({
      text: (body: any) =>
        `Fotorealistisch: ${JSON.stringify(body.messages.at(-1).content).slice(1, -1)} im Abendlicht`,
    });
    const t2 = await createTestApp({ ...fakeProviderEnv(chat), ...recraftEnv(fake) });
    try {
      const crew = await createStaffedTeam(t2.database.db);
      const secret = await createAssistant(t2.database.db, crew.team, {
        type: 'image',
        mainStyle: 'realistic_image',
        filterEnabled: true,
        filter: 'Anna Schmidt',
      });
      const agent = await loginAs(t2, crew.owner);
      const prompted = (
        await agent.post('/api/optimizedprompt', {
          assistantUuid: secret.uuid,
          input: 'Anna Schmidt auf einem Segelboot',
        })
      ).json();
      expect(JSON.stringify(chat.requests.at(-1))).not.toContain('Anna');
      expect(prompted.prompt_str).toContain('Anna Schmidt');
      const before = fake.generations().length;
      await agent.post('/api/createimage', { imageUuid: prompted.image_uuid });
      expect((await waitForImage(agent, secret.uuid, prompted.image_uuid)).status).toBe('ready');
      const sent = JSON.stringify(fake.generations().slice(before));
      expect(sent).toContain('Segelboot');
      expect(sent).not.toMatch(/Anna|Schmidt/);
    } finally {
      await t2.close();
    }
  });

  it('a deleted image Mika leaves no references or pictures behind (file sweep)', async () => {
    const gone = await createAssistant(t.database.db, people.team, {
      type: 'image',
      mainStyle: 'realistic_image',
    });
    expect((await uploadStyleImage(owner, gone.uuid, 'ref.png', await colouredPng(1))).status).toBe(200);
    const prompted = (
      await owner.post('/api/optimizedprompt', { assistantUuid: gone.uuid, input: 'Ein Schiff im Hafen' })
    ).json();
    await owner.post('/api/createimage', { imageUuid: prompted.image_uuid });
    expect((await waitForImage(owner, gone.uuid, prompted.image_uuid)).status).toBe('ready');
    const count = async (folder: string) =>
      (await fs.readdir(path.join(t.config.dataDir, 'private', folder))).length;
    const before = { refs: await count(STYLE_IMAGE_FOLDER), pictures: await count(IMAGE_FOLDER) };

    expect((await owner.delete(`/api/assistant/${gone.uuid}`)).status).toBe(200);
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await sweepPrivateFiles(t.deps, [imageFolderOwner], later)).toBe(2);
    expect(await count(STYLE_IMAGE_FOLDER)).toBe(before.refs - 1);
    expect(await count(IMAGE_FOLDER)).toBe(before.pictures - 1);
    // Pictures of the other Mikas are still served.
    const mine = (await owner.get(`/api/images/${mika.uuid}`))
      .json()
      .images.find((i: any) => i.status === 'ready');
    expect((await owner.get(mine.url)).status).toBe(200);
  });

  it('a failing provider ends the picture in a German error, not a fake picture', async () => {
    fake.set({ status: 500 });
    try {
      const prompted = (
        await owner.post('/api/optimizedprompt', {
          assistantUuid: mika.uuid,
          input: 'Ein Sturm über dem Meer',
        })
      ).json();
      await owner.post('/api/createimage', { imageUuid: prompted.image_uuid });
      const done = await waitForImage(owner, mika.uuid, prompted.image_uuid);
      expect(done).toMatchObject({ status: 'error', error: IMAGE_MESSAGES.imageFailed, url: null });
    } finally {
      fake.set({ status: 0 });
    }
  }, 30_000);
});

describe('image assistants with OpenAI images (AI SDK generateImage)', () => {
  it('paints with the style as a German prompt template', async () => {
    const fake = await startFakeImageServer({ mode: 'openai' });
    const t = await createTestApp({
      AI_IMAGE_PROVIDER: 'openai',
      AI_IMAGE_BASE_URL: fake.baseUrl,
      AI_IMAGE_API_KEY: 'k',
      AI_IMAGE_MODEL: 'gpt-image-1',
    });
    try {
      const { team, owner } = await createStaffedTeam(t.database.db);
      const mika = await createAssistant(t.database.db, team, {
        type: 'image',
        mainStyle: 'digital_illustration',
        subStyle: 'pixel_art',
      });
      const agent = await loginAs(t, owner);
      const prompted = (
        await agent.post('/api/optimizedprompt', {
          assistantUuid: mika.uuid,
          input: 'Ein Roboter gießt Blumen',
        })
      ).json();
      expect(prompted.tool).toBe('openai');
      await agent.post('/api/createimage', { imageUuid: prompted.image_uuid });
      expect((await waitForImage(agent, mika.uuid, prompted.image_uuid)).status).toBe('ready');
      const sent = fake.generations().at(-1)!.body;
      expect(sent.model).toBe('gpt-image-1');
      expect(sent.prompt).toContain('Digitale Illustration');
      expect(sent.prompt).toContain('Pixel-Art');
      expect(sent.prompt).toContain('Roboter gießt Blumen');
      expect(await makePicture('png')).toBeTruthy();
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('custom style: the chat model describes the five references once; offline this is refused', async () => {
    const fake = await startFakeImageServer({ mode: 'openai' });
    const chatModel = await startFakeOpenAI({ text: 'Weiche Aquarellfarben, viel Weißraum, zarte Linien.' });
    const imageEnv = {
      AI_IMAGE_PROVIDER: 'openai',
      AI_IMAGE_BASE_URL: fake.baseUrl,
      AI_IMAGE_API_KEY: 'k',
      AI_IMAGE_MODEL: 'gpt-image-1',
    };
    const t = await createTestApp({ ...fakeProviderEnv(chatModel), ...imageEnv });
    const offline = await createTestApp(imageEnv);
    try {
      for (const app of [t, offline]) {
        const { team, owner } = await createStaffedTeam(app.database.db);
        const mika = await createAssistant(app.database.db, team, { type: 'image' });
        const agent = await loginAs(app, owner);
        for (let i = 0; i < 5; i++)
          expect((await uploadStyleImage(agent, mika.uuid, `r${i}.png`, await colouredPng(i))).status).toBe(
            200,
          );
        const created = await agent.post('/api/style/create', {
          assistantUuid: mika.uuid,
          selectedStyle: 'digital_illustration',
        });
        if (app === offline) {
          expect(created.status).toBe(503);
          expect(created.json().error).toBe(IMAGE_MESSAGES.customStyleNeedsModel);
          continue;
        }
        expect(created.status, created.body).toBe(200);
        const described = JSON.stringify(chatModel.requests.at(-1)!.body);
        expect(described.match(/"type":"image_url"/g)).toHaveLength(5);
        const prompted = (
          await agent.post('/api/optimizedprompt', { assistantUuid: mika.uuid, input: 'Ein Fuchs im Schnee' })
        ).json();
        await agent.post('/api/createimage', { imageUuid: prompted.image_uuid });
        expect((await waitForImage(agent, mika.uuid, prompted.image_uuid)).status).toBe('ready');
        expect(fake.generations().at(-1)!.body.prompt).toContain('Stil: Weiche Aquarellfarben');
      }
    } finally {
      await t.close();
      await offline.close();
      await fake.close();
      await chatModel.close();
    }
  });
});
