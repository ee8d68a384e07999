import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import {
  normaliseSource,
  readMarkdown,
  readProductSource,
  undocumentedRoutes,
  unknownCalls,
  unknownTexts,
} from './product-docs.ts';

// docs/product is the product's reference (docs/decisions/036-self-explaining-repository.md):
// every route the app registers is described there, every call it names exists, and every German
// text it quotes («…») is one the product has.

describe('the checks bite (fixture)', () => {
  const routes = [
    { method: 'GET', url: '/api/things/:uuid' },
    { method: 'HEAD', url: '/api/things/:uuid' },
    { method: 'POST', url: '/api/things' },
    { method: 'PUT', url: '/api/things' },
  ];
  let page: string;
  beforeAll(async () => {
    page = await fs.readFile(path.resolve('tests/fixtures/product-docs/page.md'), 'utf8');
  });

  it('finds a registered route no page names', () => {
    expect(undocumentedRoutes(routes, page)).toEqual(['PUT /api/things']);
    expect(undocumentedRoutes(routes.slice(0, 3), page)).toEqual([]);
  });

  it('finds a named call the app does not register', () => {
    expect(unknownCalls(routes, page)).toEqual(['DELETE /api/gone']);
  });

  it('finds a quoted text the product does not have', () => {
    const source = normaliseSource(
      "const a = 'Ding gespeichert';\nconst b = (count, bought) => `Du hast ${count} Dinge angelegt, aber nur ${bought} gekauft.`;\n" +
        'const c = <p>Hallo {name}, willkommen</p>;',
    );
    expect(unknownTexts(page, source)).toEqual(['Erfundener Text, den es nicht gibt']);
  });
});

describe('docs/product', () => {
  let t: TestApp;
  let clientDir: string;
  let pages: { file: string; text: string }[];
  let all: string;
  beforeAll(async () => {
    // A built client's stand-in, so the client's routes are registered whether or not dist/ exists
    // (as in the access matrix).
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-docs-client-'));
    for (const file of ['index.html', 'chat.html']) await fs.writeFile(path.join(clientDir, file), '<!doctype html><title>Mika</title>');
    t = await createTestApp({ CLIENT_DIR: clientDir });
    pages = await readMarkdown(path.resolve('docs/product'));
    all = pages.map((p) => p.text).join('\n');
  });
  afterAll(async () => t?.close());

  it('has a README and one page per area', () => {
    const names = pages.map((p) => path.basename(p.file));
    expect(names).toContain('README.md');
    for (const p of pages.filter((p) => !p.file.endsWith('README.md'))) {
      expect(pages.find((x) => x.file.endsWith('README.md'))!.text, `README links ${path.basename(p.file)}`).toContain(`(${path.basename(p.file)})`);
    }
  });

  it('names every route the app registers', () => {
    expect(t.access.routes.length).toBeGreaterThan(100);
    expect(undocumentedRoutes(t.access.routes, all)).toEqual([]);
  });

  it('names only calls the app registers', () => {
    expect(unknownCalls(t.access.routes, all)).toEqual([]);
  });

  it('quotes only German texts the product has', async () => {
    const source = await readProductSource(path.resolve('.'));
    for (const p of pages) expect(unknownTexts(p.text, source), path.basename(p.file)).toEqual([]);
  });
});
