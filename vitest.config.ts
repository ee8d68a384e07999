import { configDefaults, defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './scripts/light-entry-config.ts';

/**
 * Tests that need a PostgreSQL server (TEST_DATABASE_URL) and Redis by their nature: several
 * processes on one database cannot share an embedded PGlite. On PGlite they are not collected at
 * all (rather than skipped); CI runs them against 127.0.0.1:5432 and 127.0.0.1:6379 (.ci/run).
 */
const POSTGRES_ONLY = ['tests/integration/two-instances.test.ts', 'src/server/**/*.pg.test.ts'];

/** Client components rendered in a DOM (happy-dom), once with React and once with Preact. */
const COMPONENT_TESTS = ['src/client/**/*.component.test.tsx'];

/**
 * Under Preact every module that imports React must go through the aliases, so every dependency is
 * processed by Vite as the public chat's build does (not loaded by Node as it is: a library loaded
 * both ways exists twice); Testing Library's Preact flavour stands in for its React one (same
 * queries and events).
 */
const preactComponents = {
  extends: true as const,
  resolve: {
    alias: [...PREACT_ALIASES, { find: /^@testing-library\/react$/, replacement: '@testing-library/preact' }],
    // ES module builds, as the public chat's bundle takes them: a package's "import" build may be a
    // wrapper around its CommonJS one, whose require('react') would reach React itself.
    conditions: ['module', 'browser', 'development'],
  },
  test: {
    name: 'preact',
    include: COMPONENT_TESTS,
    environment: 'happy-dom',
    server: { deps: { inline: true as const } },
  },
};

export default defineConfig({
  test: {
    // An unexpected console.error fails the test (tests/setup/console-guard.ts).
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // The files of a worker share one module graph instead of importing the whole server anew
          // for each file (about a quarter of the run's time): tests leave no process-wide state
          // behind — each builds its own app on its own database copy and closes it
          // (docs/decisions/055-test-files-share-a-worker.md).
          isolate: false,
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : POSTGRES_ONLY)],
          globalSetup: ['tests/setup/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'react', include: COMPONENT_TESTS, environment: 'happy-dom' } },
      preactComponents,
    ],
  },
});
