import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Message and text groups have full names and one definition (decision 036): the server's and the
// shared German texts are <AREA>_MESSAGES in src/shared/messages.ts, a client area's are
// <AREA>_TEXTS in its texts.ts (or <part>-texts.ts); no two groups anywhere share a name, and no
// import gives a group a short name again (`import { CHAT_TEXTS as T }`).

/** The groups (exported object literals) of the message and text files under `root`, with their problems. */
export function groupProblems(root: string): { groups: string[]; problems: string[] } {
  const files = [path.join(root, 'src/shared/messages.ts')];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/(^|-)texts\.ts$/.test(e.name)) files.push(full);
    }
  };
  walk(path.join(root, 'src/client'));
  const seen = new Map<string, string>();
  const groups: string[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const where = path.relative(root, file);
    const suffix = where === path.join('src', 'shared', 'messages.ts') ? 'MESSAGES' : 'TEXTS';
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^export const (\w+) = \{/gm)) {
      const name = m[1]!;
      groups.push(name);
      if (!new RegExp(`^[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)*_${suffix}$`).test(name)) problems.push(`${where}: ${name} is not named <AREA>_${suffix}`);
      const first = seen.get(name);
      if (first) problems.push(`${where}: ${name} is defined in ${first} too`);
      else seen.set(name, where);
    }
  }
  return { groups, problems };
}

/** Imports that rename a message or text group, under `dirs` of `root`. */
export function groupAliases(root: string, dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(e.name)) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/\b([A-Z][A-Z0-9_]*_(?:MESSAGES|TEXTS)) as (\w+)/g)) found.push(`${path.relative(root, full)}: ${m[1]} as ${m[2]}`);
      }
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return found;
}

describe('message and text groups', () => {
  it('the check bites (fixture): a cryptic name, a wrong suffix, a name used twice', () => {
    const { problems } = groupProblems(path.resolve('tests/fixtures/message-groups'));
    expect(problems).toEqual([
      'src/shared/messages.ts: MA is not named <AREA>_MESSAGES',
      'src/client/features/a/texts.ts: REPORT_MESSAGES is not named <AREA>_TEXTS',
      'src/client/features/b/texts.ts: REPORT_TEXTS is defined in src/client/features/a/texts.ts too',
    ]);
  });

  it('the alias check bites (fixture)', () => {
    expect(groupAliases(path.resolve('tests/fixtures/message-groups'), ['src'])).toEqual(['src/client/features/a/view.ts: REPORT_TEXTS as T']);
  });

  it('are used by their full names', () => {
    expect(groupAliases(path.resolve('.'), ['src', 'tests/e2e', 'tests/setup', 'tests/integration'])).toEqual([]);
  });

  it('have full names and one definition each in the product', () => {
    const { groups, problems } = groupProblems(path.resolve('.'));
    expect(problems).toEqual([]);
    expect(groups.length).toBeGreaterThan(40);
  });
});
