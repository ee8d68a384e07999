import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature writes only its own tables (decision 029): every insert, update and delete in a
// feature's code names a table that feature owns. Another feature's rows change through that
// feature's front door (index.ts).

const SCHEMA = 'src/server/db/schema';
const FEATURES = 'src/server/features';

/** Owner by schema file; the few tables whose file is shared are named one by one. */
const OWNER_BY_FILE: Record<string, string> = { users: 'auth', audit: 'platform', mail: 'platform', auth: 'auth', 'knowledge-qa': 'knowledge', websites: 'knowledge' };
const OWNER_BY_TABLE: Record<string, string> = { promotionCodes: 'insight', teamDiscounts: 'insight', dataExports: 'dataprotection' };

function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of fs.readdirSync(SCHEMA)) {
    if (file === 'index.ts') continue;
    const base = file.replace(/\.ts$/, '');
    for (const m of fs.readFileSync(path.join(SCHEMA, file), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) {
      owners.set(m[1]!, OWNER_BY_TABLE[m[1]!] ?? OWNER_BY_FILE[base] ?? base);
    }
  }
  return owners;
}

function featureFiles(): { feature: string; file: string }[] {
  const out: { feature: string; file: string }[] = [];
  for (const feature of fs.readdirSync(FEATURES)) {
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push({ feature, file: full });
      }
    };
    walk(path.join(FEATURES, feature));
  }
  return out;
}

describe('a feature writes only its own tables', () => {
  it('every insert, update and delete in a feature names a table of that feature', () => {
    const owners = tableOwners();
    expect(owners.size).toBeGreaterThan(30);
    const foreign: string[] = [];
    let writes = 0;
    for (const { feature, file } of featureFiles()) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
        const owner = owners.get(m[2]!);
        if (!owner) continue;
        writes++;
        if (owner !== feature) foreign.push(`${file}: ${m[1]} ${m[2]} (owned by ${owner})`);
      }
    }
    expect(foreign).toEqual([]);
    expect(writes).toBeGreaterThan(50);
  });
});
