import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './server.ts';

/** The headers of a state-changing API call from this context: its CSRF cookie echoed, like the client. */
export async function apiHeaders(context: BrowserContext, baseUrl = E2E_BASE_URL): Promise<Record<string, string>> {
  await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
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
