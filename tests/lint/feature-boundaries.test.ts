import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import featureBoundaries from '../../eslint/feature-boundaries.js';

// The lint rules of docs/decisions/029-server-boundaries.md bite: a fixture tree with a deep import
// and a cycle (tests/fixtures/boundaries), and the real tree, which has neither.

const fixtureRoot = path.resolve('tests/fixtures/boundaries');
const lint = (root: string, files: string[]) =>
  new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { mika: featureBoundaries },
        rules: { 'mika/front-door': ['error', { root }], 'mika/no-feature-cycles': ['error', { root }] },
      },
    ],
    // Only these two rules run here: other rules' disable comments are not this test's business.
    allowInlineConfig: false,
  }).lintFiles(files);

describe('server feature boundaries (lint)', () => {
  it('refuses an import past a front door, at any depth', async () => {
    const [result] = await lint(fixtureRoot, ['src/server/features/gamma/gamma.service.ts']);
    expect(result!.messages.map((m) => [m.ruleId, m.message])).toEqual([
      ['mika/front-door', "Import the alpha feature through its front door '../alpha/index.ts', not '../alpha/alpha.service.ts'."],
    ]);
  });

  it('refuses a cycle between features, type-only imports included', async () => {
    const results = await lint(fixtureRoot, ['src/server/features/alpha/alpha.service.ts', 'src/server/features/beta/beta.service.ts']);
    const rules = results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId}`));
    expect(rules.sort()).toEqual(['alpha.service.ts mika/no-feature-cycles', 'beta.service.ts mika/no-feature-cycles']);
  });

  it('finds neither in the product', async () => {
    const root = path.resolve('.');
    const results = await lint(root, ['src/server/**/*.ts']);
    const problems = results.filter((r) => !r.filePath.endsWith('.test.ts')).flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}: ${m.message}`));
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(200);
  }, 60_000);
});
