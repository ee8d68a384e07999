import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { assertLegalPagesReady } from '../../startup.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { TEST_LEGAL_DIR, TEST_SELLER_ENV } from '../../../../tests/setup/seller-env.ts';
import { unfinishedLegalPages } from './legal.service.ts';

const SHIPPED = path.resolve('content/legal');

describe('legal pages from the operator', () => {
  it('production refuses to start while a page is the shipped template or missing, naming the files', async () => {
    const shipped = loadConfig({ NODE_ENV: 'production', ...TEST_SELLER_ENV, LEGAL_DIR: SHIPPED });
    const refused = assertLegalPagesReady(shipped);
    await expect(refused).rejects.toThrow(/Vorlagen/);
    await expect(refused).rejects.toThrow(path.join(SHIPPED, 'agb.md'));
    await expect(refused).rejects.toThrow(path.join(SHIPPED, 'datenschutz.md'));

    // The operator replaced four of five: the fifth is named, alone.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-legal-'));
    for (const f of ['agb', 'agb-public', 'avv', 'datenschutz']) await fs.copyFile(path.join(TEST_LEGAL_DIR, `${f}.md`), path.join(dir, `${f}.md`));
    await fs.copyFile(path.join(SHIPPED, 'sla.md'), path.join(dir, 'sla.md'));
    expect(await unfinishedLegalPages(dir)).toEqual([path.join(dir, 'sla.md')]);
    await fs.rm(path.join(dir, 'sla.md'));
    expect(await unfinishedLegalPages(dir)).toEqual([path.join(dir, 'sla.md')]);
    await fs.rm(dir, { recursive: true, force: true });

    await expect(assertLegalPagesReady(loadConfig({ NODE_ENV: 'production', ...TEST_SELLER_ENV }))).resolves.toBeUndefined();
    // Development starts with the templates (and marks them, below).
    await expect(assertLegalPagesReady(loadConfig({ NODE_ENV: 'development', LEGAL_DIR: SHIPPED }))).resolves.toBeUndefined();
  });

  describe('GET /api/legal/:page', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ LEGAL_DIR: SHIPPED });
    });
    afterAll(async () => t?.close());

    it('marks a shipped template, so the page can show its "Mustertext" banner', async () => {
      const res = await new Agent(t.app).get('/api/legal/agb');
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ page: 'agb', template: true });
    });
  });

  it("an operator's own page is no template", async () => {
    const t = await createTestApp({ LEGAL_DIR: TEST_LEGAL_DIR });
    const res = await new Agent(t.app).get('/api/legal/avv');
    expect(res.json()).toMatchObject({ page: 'avv', template: false });
    expect(res.json().markdown).toContain('Prüf-Mika GmbH');
    await t.close();
  });
});
