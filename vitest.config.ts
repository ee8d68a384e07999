import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that need a PostgreSQL server (TEST_DATABASE_URL) and Redis by their nature: several
 * processes on one database cannot share an embedded PGlite. On PGlite they are not collected at
 * all (rather than skipped); CI runs them against 127.0.0.1:5432 and 127.0.0.1:6379 (.ci/run).
 */
const POSTGRES_ONLY = ['tests/integration/two-instances.test.ts', 'src/server/**/*.pg.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : POSTGRES_ONLY)],
    globalSetup: ['tests/setup/global-setup.ts'],
    // An unexpected console.error fails the test (tests/setup/console-guard.ts).
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
