import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures.ts';

interface Suite {
  specs?: { title: string; tests: { results: { status: string; errors?: { message?: string }[] }[] }[] }[];
  suites?: Suite[];
}

// The journeys' browser-error guard (fixtures.ts) bites: run on a fixture of journeys
// (tests/fixtures/browser-guard), it fails exactly those with an unexpected console error or page
// error, or an allowance nothing needed.
test('a journey fails on an unexpected console error or page error', async () => {
  const outputDir = test.info().outputPath('guard');
  const cli = path.resolve('node_modules/@playwright/test/cli.js');
  const env: NodeJS.ProcessEnv = { ...process.env, GUARD_OUTPUT_DIR: outputDir };
  // Not the outer run's worker: the nested run starts its own.
  // Nor the outer run's reporter settings: the nested run's JSON report goes to its stdout.
  for (const key of Object.keys(env)) if (key.startsWith('TEST_') || key.startsWith('PW_') || key.startsWith('PLAYWRIGHT_JSON_')) delete env[key];
  const run = await promisify(execFile)(process.execPath, [cli, 'test', '-c', 'tests/fixtures/browser-guard/playwright.config.ts'], {
    env,
    maxBuffer: 20_000_000,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout }),
    (e: { code?: number; stdout: string }) => ({ code: e.code ?? 1, stdout: e.stdout }),
  );
  expect(run.code).toBe(1);
  const walk = (s: Suite): [string, string, string][] => [
    ...(s.specs ?? []).map((sp): [string, string, string] => {
      const result = sp.tests[0]!.results[0]!;
      return [sp.title, result.status, (result.errors ?? []).map((e) => e.message ?? '').join('\n')];
    }),
    ...(s.suites ?? []).flatMap(walk),
  ];
  const results = (JSON.parse(run.stdout) as Suite).suites!.flatMap(walk);
  expect(results.length).toBe(10);
  for (const [title, status] of results) expect(`${title}: ${status}`).toBe(`${title}: ${title.startsWith('passes') ? 'passed' : 'failed'}`);
  const why = (start: string) => results.find(([title]) => title.startsWith(start))![2];
  expect(why('fails: a console.error on the default page')).toContain('console.error: Unerwarteter Fehler im Fixture');
  expect(why('fails: an uncaught exception')).toContain('page error: Error: Absturz im Fixture');
  expect(why('fails: an unhandled rejection')).toContain('Abgelehnt im Fixture');
  expect(why('fails: an allowance no error needed')).toContain('allowBrowserError(/nie geloggt/) was never needed');
  expect(why('fails: a console.error in it')).toContain('Fehler im geteilten Kontext');
  expect(why('fails: a refusal nobody allowed')).toMatch(/status of 422 .*\/api\/things\?x=1/);
  expect(why('fails: a refusal nobody allowed')).toContain('was never needed');
  await fs.rm(outputDir, { recursive: true, force: true });
});
