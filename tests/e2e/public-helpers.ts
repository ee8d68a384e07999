import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as apiRequest, type Page } from '@playwright/test';
import { allowRefusal } from './fixtures.ts';
import { E2E_BASE_URL } from './server.ts';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An admin's API session (CSRF cookie echoed like the real client does). */
export async function adminApi(baseURL: string) {
  const ctx = await apiRequest.newContext({ baseURL });
  await ctx.get('/sanctum/csrf-cookie');
  const token = async () => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const res = await ctx[method](url, { data, headers: { 'x-xsrf-token': await token() } });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  await call('post', '/api/register', {
    name: 'Petra Publiziert',
    email: `petra-${unique()}@firma.de`,
    password: 'geheim123',
    password_confirmation: 'geheim123',
    terms: true,
  });
  return { ctx, call };
}

export async function publishedAssistant(
  api: { call: (m: 'post' | 'put', u: string, d: unknown) => Promise<any> },
  extra: Record<string, unknown> = {},
  opts: { canTalk?: boolean } = {},
): Promise<string> {
  const form = {
    type: 'chat',
    name: 'Mika Empfang',
    role: 'Du bist der freundliche Empfang unseres Fahrradladens in Leipzig.',
    task:
      'Du beantwortest Fragen von Besuchern. Unser Laden hat montags bis freitags von 9 bis 18 Uhr geöffnet. ' +
      'Reparaturen dauern meist zwei Werktage. Probefahrten sind ohne Termin möglich. '.repeat(2),
    style: 'sehr höflich und freundlich',
    can_talk: opts.canTalk ? 1 : 0,
  };
  const { uuid } = await api.call('post', '/api/assistant', { ...form, is_public: 1 });
  // The offline engine quotes the intro (never the task): the opening hours live there too.
  const intro =
    'Willkommen in unserem Fahrradladen in Leipzig! Wir haben montags bis freitags von 9 bis 18 Uhr geöffnet. ' +
    'Reparaturen dauern meist zwei Werktage.';
  await api.call('put', '/api/assistant', { assistant: { uuid, ...form, intro } });
  await api.call('put', '/api/assistant', { assistant: { uuid, is_public: 1, ...extra } });
  return uuid;
}

export async function ask(page: Page | ReturnType<Page['frameLocator']>, question: string) {
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(question);
  await input.press('Enter');
}

/** A moment the journey waits for: `done()` lets everything that awaits `promise` go on. */
export function later() {
  let done!: () => void;
  return { promise: new Promise<void>((resolve) => (done = resolve)), done: () => done() };
}

/**
 * The page's first POST /api/thread/create answers 503 (a network hiccup), once `until` has come
 * when given; later ones go through. Returns how many creations the page has asked for so far.
 */
export async function failFirstThreadCreation(page: Page, until?: Promise<void>): Promise<() => number> {
  let creations = 0;
  allowRefusal(503, '/api/thread/create');
  await page.route('**/api/thread/create', async (route) => {
    if (++creations > 1) return route.continue();
    await until;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Der Dienst ist gerade nicht erreichbar.' }) });
  });
  return () => creations;
}


/**
 * A customer's website with the embed snippet for `uuid`. `sameSite` serves it from 127.0.0.1 like
 * Mika (another port: the same site, as on a developer's machine); `foreignSite` from localhost,
 * another site, as every real customer's website is: there the browser treats the chat frame as a
 * third party (no Mika cookies, and this Chromium refuses it local storage too). `csp`: the website's
 * own Content-Security-Policy.
 */
export async function embeddingWebsite(uuid: string, { color, csp }: { color?: string; csp?: string } = {}) {
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(csp ? { 'content-security-policy': csp } : {}) });
    res.end(
      `<!doctype html><html lang="de"><head><title>Fahrradladen</title></head><body><main><h1>Fahrradladen Leipzig</h1></main>` +
        `<script src="${E2E_BASE_URL}/embed.js" data-mika="${uuid}"${color ? ` data-color="${color}"` : ''} async></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  return {
    sameSite: `http://127.0.0.1:${port}/`,
    foreignSite: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => host.close(() => resolve())),
  };
}
