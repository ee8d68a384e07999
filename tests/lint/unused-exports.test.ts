import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUnusedExports } from '../../scripts/unused-exports.ts';

// No export of ours is dead: each one is imported somewhere (scripts/unused-exports.ts).

describe('the unused-exports check bites (fixture)', () => {
  it('finds the exports nothing imports, and tells those its own file uses apart', () => {
    const found = findUnusedExports(path.resolve('tests/fixtures/unused-exports'));
    expect(found.map((u) => `${u.file}:${u.line} ${u.name} ${u.usedInModule ? 'used in its module' : 'dead'}`)).toEqual([
      'lazy.ts:2 load dead',
      'library.ts:5 dead dead',
      'library.ts:9 onlyHere used in its module',
      'library.ts:10 alsoOnlyHere used in its module',
      'library.ts:11 default dead',
      'user.ts:3 uses dead',
    ]);
  });
});

describe('the project', () => {
  it('has no export that nothing uses', () => {
    const dead = findUnusedExports(path.resolve('.')).filter((u) => !u.usedInModule);
    expect(dead.map((u) => `${u.file}:${u.line} ${u.name}`)).toEqual([]);
  }, 240_000);
});
