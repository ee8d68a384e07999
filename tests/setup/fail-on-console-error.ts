import { afterAll, afterEach, beforeEach } from 'vitest';
import { enterTest, recordConsoleError, takeConsoleErrorProblems } from './console-guard.ts';

// Every unit test file (vitest.config.ts: setupFiles). console.error is replaced for the whole file
// (not a vi.spyOn a test's restoreAllMocks would undo), so that an error logged in beforeAll,
// between tests or by a background job is caught too: at the start or end of the next test, or at
// the end of the file.
console.error = (...args: unknown[]) => recordConsoleError(args);

const fail = (problems: string[]) => {
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
};

beforeEach(() => {
  // What was logged before this test (beforeAll, a previous test's late job) is not its fault.
  fail(takeConsoleErrorProblems(false));
  enterTest();
});
afterEach(() => fail(takeConsoleErrorProblems(true)));
afterAll(() => fail(takeConsoleErrorProblems(false)));
