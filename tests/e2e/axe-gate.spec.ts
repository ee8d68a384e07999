import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';

// The axe gate every journey uses (axe.ts) must fail on a violation, whichever way it checks: in
// the page itself (no frames) and through @axe-core/playwright (a frame from another origin).

const failureOf = (check: Promise<void>) =>
  check.then(
    () => 'kein Fehler',
    (err: Error) => err.message,
  );

test('Die Barrierefreiheits-Prüfung meldet ein Bild ohne Alternativtext, auf der Seite wie in einem fremden Frame', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="de"><head><title>Ohne Frame</title></head><body><main><h1>Seite</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>');
  const direct = await failureOf(expectNoAxeViolations(page, 'Bild ohne Alternativtext'));
  expect(direct).toContain('image-alt');
  expect(direct).toContain('„Bild ohne Alternativtext“');

  const serve = (html: string) =>
    new Promise<http.Server>((resolve) => {
      const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const inner = await serve('<!doctype html><html lang="de"><head><title>Innen</title></head><body><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></body></html>');
  const outer = await serve(
    `<!doctype html><html lang="de"><head><title>Außen</title></head><body><main><h1>Außen</h1>` +
      `<iframe title="Fremder Inhalt" src="http://localhost:${(inner.address() as AddressInfo).port}/"></iframe></main></body></html>`,
  );
  try {
    await page.goto(`http://127.0.0.1:${(outer.address() as AddressInfo).port}/`);
    await expect.poll(() => page.frames().length).toBe(2);
    await expect(page.frames()[1]!.locator('img')).toBeAttached();
    const framed = await failureOf(expectNoAxeViolations(page, 'Bild im fremden Frame'));
    expect(framed).toContain('image-alt');
  } finally {
    inner.close();
    outer.close();
  }
});
