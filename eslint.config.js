import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './eslint/feature-boundaries.js';

// Imports run one way: shared → platform (server|client) → features → app wiring.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
// Providers are reached only through the gateway (src/server/ai/gateway.ts, deps.ai), which puts
// the privacy gate in front of every call: an unmasked call cannot be written elsewhere.
const gatewayOnly = {
  group: ['**/ai/providers.ts', './providers.ts', '**/ai/image-providers.ts', './image-providers.ts', '**/ai/rerank-model.ts', './rerank-model.ts'],
  message: 'Reach AI providers through the gateway (deps.ai).',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'artifacts', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    // Tests read JSON answers; typing every response body would only restate the assertions.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([{ group: ['**/server/**'], message: 'The client must not import server code.' }]),
    },
  },
  {
    // Client features are leaves the app composes (issue 30): no feature imports another or the app,
    // client core imports neither, and no cycle between features (type-only imports included). Screens
    // are built from client/components/ui: only it and components/mui import @mui/*; features style its
    // primitives with plain UiStyle data (no theme callbacks, no theme.palette, no alpha/keyframes/SxProps).
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { mika: featureBoundaries },
    rules: {
      'mika/client-no-cross-feature': 'error',
      'mika/client-no-feature-cycles': 'error',
      'mika/client-ui-layer': 'error',
      'mika/client-ui-style': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict([{ group: ['**/server/**', '**/client/**', 'node:*'], message: 'shared/ is imported by both sides and imports neither.' }]),
  },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    rules: restrict([{ group: ['**/client/**'], message: 'The server must not import client code.' }, gatewayOnly]),
  },
  {
    files: ['src/server/platform/**/*.ts', 'src/server/db/**/*.ts', 'src/server/ai/**/*.ts'],
    rules: restrict([
      { group: ['**/features/**', '**/client/**'], message: 'Platform code must not depend on features.' },
      gatewayOnly,
    ]),
  },
  {
    files: ['src/server/features/**/*.ts'],
    rules: restrict([
      { group: ['**/client/**'], message: 'The server must not import client code.' },
      {
        group: ['../*/*.repository.ts', '../*/*.routes.ts'],
        message: "Call another feature's exported service functions, not its internals.",
      },
      gatewayOnly,
    ]),
  },
  {
    // A spread into arguments overflows the stack past about 120,000 elements (a query's rows, a
    // sitemap's URLs): lists the data sizes go through src/shared/arrays.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement",
          message: 'A spread into arguments overflows the stack on a long list: use appendAll (src/shared/arrays.ts).',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(max|min)$/] > SpreadElement",
          message: 'A spread into arguments overflows the stack on a long list: use maxOf (src/shared/arrays.ts) or reduce.',
        },
        {
          selector: "CallExpression[callee.property.name='fromCharCode'] > SpreadElement",
          message: 'A spread into arguments overflows the stack on a long list: decode with TextDecoder or in slices.',
        },
      ],
    },
  },
  {
    // Tests wait for something observable, never for a fixed time (decision 036).
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for what the user would notice (a locator, expect.poll, a response, an event), not a fixed time.',
        },
      ],
    },
  },
  {
    // Journeys take `test` from tests/e2e/fixtures.ts: its guard fails them on a browser error.
    files: ['tests/e2e/**/*.spec.ts', 'tests/fixtures/browser-guard/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/client/**'], message: 'The server must not import client code.' }, gatewayOnly],
          paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from tests/e2e/fixtures.ts (it fails a journey on a browser error)." }],
        },
      ],
    },
  },
  {
    // Server features are reached only through their front door (index.ts) and never in a cycle.
    files: ['src/server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { mika: featureBoundaries },
    rules: { 'mika/front-door': 'error', 'mika/no-feature-cycles': 'error' },
  },
  {
    // The gateway resolves the raw models (providers.ts, which builds the image provider too); the
    // provider registry builds them from its settings and hands them to the gateway (its connection
    // test sends a fixed text, no user data).
    files: ['src/server/ai/gateway.ts', 'src/server/ai/providers.ts', 'src/server/ai/registry.ts'],
    rules: restrict([{ group: ['**/features/**', '**/client/**'], message: 'Platform code must not depend on features.' }]),
  },
);
