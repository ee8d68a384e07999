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

  it('refuses a cycle closed by a dynamic import', async () => {
    const results = await lint(fixtureRoot, ['src/server/features/delta/delta.service.ts', 'src/server/features/epsilon/epsilon.service.ts']);
    const rules = results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId}`));
    expect(rules.sort()).toEqual(['delta.service.ts mika/no-feature-cycles', 'epsilon.service.ts mika/no-feature-cycles']);
  });

  it('finds neither in the product', async () => {
    const root = path.resolve('.');
    const results = await lint(root, ['src/server/**/*.ts']);
    const problems = results.filter((r) => !r.filePath.endsWith('.test.ts')).flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}: ${m.message}`));
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(200);
  }, 60_000);
});

// Client boundaries (issue 30): a fixture tree under tests/fixtures/boundaries/src/client with a
// cross-feature import, an import of the app from a feature, client core importing a feature, a
// type-only cycle, MUI imported past the ui layer and MUI's styling API in a feature (delta); and the
// real src/client, which has none of them.
const lintClient = (root: string, files: string[]) =>
  new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { mika: featureBoundaries },
        rules: {
          'mika/client-no-cross-feature': ['error', { root }],
          'mika/client-no-feature-cycles': ['error', { root }],
          'mika/client-ui-layer': ['error', { root }],
          'mika/client-ui-style': ['error', { root }],
        },
      },
    ],
    allowInlineConfig: false,
  }).lintFiles(files);
const messages = (results: ESLint.LintResult[]) =>
  results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId}: ${m.message}`)).sort();

describe('client feature boundaries (lint)', () => {
  it('refuses a feature importing another feature or the app', async () => {
    const problems = messages(await lintClient(fixtureRoot, ['src/client/features/alpha/alpha-view.ts']));
    expect(problems).toEqual([
      "alpha-view.ts mika/client-no-cross-feature: The alpha feature must not import client/app ('../../app/shell.ts'): the app composes the features, not the other way round.",
      "alpha-view.ts mika/client-no-cross-feature: The alpha feature must not import the beta feature ('../beta/beta-view.ts'): move what both need into client/components or client/lib, or let client/app compose the two.",
      'alpha-view.ts mika/client-no-feature-cycles: The client feature alpha imports beta, which imports alpha again (directly or through other features): move the shared piece into client/components or client/lib, or compose both in client/app.',
    ]);
  });

  it('refuses a cycle between client features through a type-only import', async () => {
    const problems = messages(await lintClient(fixtureRoot, ['src/client/features/beta/beta-view.ts']));
    expect(problems.filter((p) => p.includes('client-no-feature-cycles'))).toEqual([
      'beta-view.ts mika/client-no-feature-cycles: The client feature beta imports alpha, which imports beta again (directly or through other features): move the shared piece into client/components or client/lib, or compose both in client/app.',
    ]);
    expect(problems.filter((p) => p.includes('client-no-cross-feature'))).toHaveLength(1);
  });

  it('refuses client core importing a feature or the app, and lets the app and core imports through', async () => {
    const results = await lintClient(fixtureRoot, [
      'src/client/lib/feature-reach.ts',
      'src/client/components/app-reach.ts',
      'src/client/app/shell.ts',
      'src/client/features/gamma/gamma-view.ts',
      'src/client/lib/format-label.ts',
    ]);
    expect(messages(results)).toEqual([
      "app-reach.ts mika/client-no-cross-feature: Client core (components) must not import client/app ('../app/shell.ts'): components, lib and state sit below the features and the app.",
      "feature-reach.ts mika/client-no-cross-feature: Client core (lib) must not import the gamma feature ('../features/gamma/gamma-view.ts'): components, lib and state sit below the features and the app.",
    ]);
  });

  it('refuses MUI outside the ui layer (static and dynamic imports), and lets the ui layer and the MUI scope import it', async () => {
    const results = await lintClient(fixtureRoot, [
      'src/client/features/gamma/gamma-dialog.ts',
      'src/client/lib/theme-reach.ts',
      'src/client/components/ui/buttons.ts',
      'src/client/components/mui/scope.ts',
    ]);
    const kit = (file: string, source: string) =>
      `${file} mika/client-ui-layer: Build screens from client/components/ui, not '${source}': only the ui layer and components/mui (the MUI theme and its scopes) import MUI.`;
    expect(messages(results)).toEqual(
      [kit('gamma-dialog.ts', '@mui/icons-material/AddRounded'), kit('gamma-dialog.ts', '@mui/material/Dialog'), kit('theme-reach.ts', '@mui/material/styles')].sort(),
    );
  });

  it('refuses MUI’s styling API in a feature: theme callbacks, theme.palette and the rest, alpha/keyframes/SxProps/Theme, MUI class names, slotProps', async () => {
    const results = await lintClient(fixtureRoot, ['src/client/features/delta/delta-card.tsx', 'src/client/components/ui/styles.ts']);
    const found = results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line} ${m.message.split(':')[0]}`));
    expect(found.sort()).toEqual(
      [
        "delta-card.tsx:5 'alpha' is MUI's styling API",
        "delta-card.tsx:5 'keyframes' is MUI's styling API",
        "delta-card.tsx:5 'SxProps' is MUI's styling API",
        "delta-card.tsx:5 'Theme' is MUI's styling API",
        "delta-card.tsx:10 A function of the theme in a feature ('theme')",
        "delta-card.tsx:10 'theme.palette' in a feature",
        'delta-card.tsx:15 A theme callback in a feature',
        "delta-card.tsx:15 'theme.palette' in a feature",
        "delta-card.tsx:15 'theme.transitions' in a feature",
        "delta-card.tsx:19 MUI's class name '.Mui-selected' in a feature",
        "delta-card.tsx:19 MUI's class name '.MuiAlert-action' in a feature",
        "delta-card.tsx:20 'slotProps' in a feature",
      ].sort(),
    );
  });

  it('finds none in the product', async () => {
    const root = path.resolve('.');
    const results = await lintClient(root, ['src/client/**/*.{ts,tsx}']);
    expect(messages(results)).toEqual([]);
    expect(results.length).toBeGreaterThan(300);
  }, 60_000);
});
