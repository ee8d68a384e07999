import { expect, request as apiRequest, type Page } from '@playwright/test';

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
