import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Drizzle's migrator applies a migration only when its journal time ("when") is later than the
// last applied one's: a migration whose time is earlier than its predecessor's — e.g. two branches
// that each added one and were merged — would be skipped on every database that is already up to
// date, silently. Each migration's time must be later than the one before, and not in the future
// (a later migration generated today would otherwise sort before it).

const folder = path.resolve(import.meta.dirname, 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('migration journal', () => {
  it('lists every migration file once, in order, each later than the one before and none in the future', () => {
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    journal.entries.forEach((e, i) => expect(e.idx, e.tag).toBe(i));
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, entry] = [journal.entries[i - 1]!, journal.entries[i]!];
      expect(entry.when, `${entry.tag} must be later than ${before.tag}`).toBeGreaterThan(before.when);
    }
    expect(journal.entries.at(-1)!.when).toBeLessThanOrEqual(Date.now());
  });
});
