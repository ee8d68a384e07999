import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';

interface JsonReport {
  testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

// The guard of tests/setup/console-guard.ts bites: the project's setup file, run on a fixture of
// tests, fails exactly the tests that log an unexpected error (or allow one they do not need).
describe('unit tests fail on an unexpected console.error', () => {
  it('is set up for every test file', () => {
    expect(config.test?.setupFiles).toContain('tests/setup/fail-on-console-error.ts');
  });

  it('fails the fixture’s tests that log an unexpected error, passes the others', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-console-guard-'));
    const out = path.join(dir, 'report.json');
    try {
      const vitest = path.resolve('node_modules/vitest/vitest.mjs');
      const args = [vitest, 'run', '--config', 'tests/fixtures/console-guard/vitest.config.ts', '--reporter=json', `--outputFile=${out}`];
      const exit = await promisify(execFile)(process.execPath, args, { cwd: path.resolve('.'), env: { ...process.env, CI: '1' } }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? 1,
      );
      expect(exit).toBe(1);
      const report = JSON.parse(await fs.readFile(out, 'utf8')) as JsonReport;
      const results = report.testResults.flatMap((f) => f.assertionResults);
      expect(results.length).toBe(7);
      for (const r of results) expect(`${r.title}: ${r.status}`).toBe(`${r.title}: ${r.title.startsWith('passes') ? 'passed' : 'failed'}`);
      const why = (start: string) => results.find((r) => r.title.startsWith(start))!.failureMessages.join('\n');
      expect(why('fails: logs an unexpected error')).toContain('unexpected console.error: Unerwarteter Fehler im Fixture');
      expect(why('fails: an allowance no error needed')).toContain('allowConsoleError(/nie geloggt/) was never needed');
      expect(why('fails: an error logged later')).toContain('Spät geloggter Fehler');
      expect(why('fails: the error logged before it')).toContain('Fehler beim Vorbereiten');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
