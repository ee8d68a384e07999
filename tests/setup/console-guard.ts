import { format } from 'node:util';

/**
 * Unit tests fail on an unexpected `console.error` (docs/decisions/036-self-explaining-repository.md):
 * an error our code or a library logs is a defect nobody would see in a green run. A test whose
 * point is such an error says so with `allowConsoleError(/pattern/)`; the allowance is that
 * test's only, and it must be used (an allowance for an error that no longer happens fails too,
 * so the list never outlives its reason). Registered for every test file by
 * tests/setup/fail-on-console-error.ts (vitest.config.ts: setupFiles).
 */
interface Allowance {
  pattern: RegExp;
  used: boolean;
  /** Allowed for the rest of the file (called outside a test, e.g. in beforeAll). */
  file: boolean;
}

const logged: string[] = [];
let allowances: Allowance[] = [];
let inTest = false;

/** Lets the current test (or, called in beforeAll, the rest of the file) log errors matching `pattern`. */
export function allowConsoleError(pattern: RegExp): void {
  allowances.push({ pattern, used: false, file: !inTest });
}

/** Records one console.error call (the spy installed by the setup file). */
export function recordConsoleError(args: unknown[]): void {
  const text = format(...args);
  const allowance = allowances.find((a) => a.pattern.test(text));
  if (allowance) allowance.used = true;
  else logged.push(text);
}

export function enterTest(): void {
  inTest = true;
}

/**
 * What went wrong since the last check: unexpected errors, and (at the end of a test) allowances
 * of that test that were never needed. Clears both, so one failure is reported once.
 */
export function takeConsoleErrorProblems(endOfTest: boolean): string[] {
  const problems = logged.splice(0).map((text) => `unexpected console.error: ${text}`);
  if (endOfTest) {
    for (const a of allowances) {
      if (!a.file && !a.used) problems.push(`allowConsoleError(${String(a.pattern)}) was never needed: remove it`);
    }
    allowances = allowances.filter((a) => a.file);
    inTest = false;
  }
  return problems;
}
