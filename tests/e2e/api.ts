import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './server.ts';

/** The headers of a state-changing API call from this context: its CSRF cookie echoed, like the client (fetched first if the context has none). */
export async function apiHeaders(context: BrowserContext, baseUrl = E2E_BASE_URL): Promise<Record<string, string>> {
  const token = async () => (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  let xsrf = await token();
  if (xsrf === undefined) {
    await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
    xsrf = await token();
  }
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? ''), 'X-Requested-With': 'XMLHttpRequest' };
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** An API call of this context as the client makes it (CSRF header included); the response as it comes. */
export async function apiRequest(context: BrowserContext, method: Method, url: string, data?: unknown, baseUrl = E2E_BASE_URL) {
  return context.request[method](`${baseUrl}${url}`, { data, headers: await apiHeaders(context, baseUrl) });
}

/** An API call that must succeed (the test fails with the server's answer otherwise); returns its JSON. */
export async function callApi(context: BrowserContext, method: Method, url: string, data?: unknown, baseUrl = E2E_BASE_URL): Promise<any> {
  const response = await apiRequest(context, method, url, data, baseUrl);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Registers a new team owner in this context; without SMTP the server signs them in at once. */
export async function registerOwner<U extends { name: string; email: string; password: string }>(context: BrowserContext, user: U, baseUrl = E2E_BASE_URL): Promise<U> {
  await callApi(context, 'post', '/api/register', { ...user, password_confirmation: user.password, terms: true }, baseUrl);
  return user;
}

/**
 * A private chat Mika of this context's team (not published, text only), made through the API
 * (`task` needs the wizard's 250 characters). Returns its uuid.
 */
export async function createChatMika(context: BrowserContext, mika: { name: string; role: string; task: string }): Promise<string> {
  const { uuid } = await callApi(context, 'post', '/api/assistant', {
    type: 'chat',
    name: mika.name,
    role: mika.role,
    task: mika.task,
    style: 'professionell und sachlich',
    is_public: 0,
    can_talk: 0,
  });
  return uuid as string;
}

/** A browser context signed in through the API (the UI sign-in has its own journey). */
export async function signedIn(browser: Browser, who: { email: string; password: string }, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const response = await context.request.post(`${E2E_BASE_URL}/api/login`, {
    data: { email: who.email, password: who.password },
    headers: await apiHeaders(context),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return context.newPage();
}
