import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature writes only its own tables (decision 029): every insert, update and delete in a
// feature's code names a table that feature owns. Another feature's rows change through that
// feature's front door (index.ts).

const SCHEMA = 'src/server/db/schema';
const FEATURES = 'src/server/features';

/** Owner by schema file; the few tables whose file is shared are named one by one. */
const OWNER_BY_FILE: Record<string, string> = { users: 'auth', audit: 'platform', mail: 'platform', auth: 'auth', 'knowledge-qa': 'knowledge', 'knowledge-qa.repository': 'knowledge', websites: 'knowledge' };
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

/**
 * Modules outside *.repository.ts and *.rows.ts that query the database, each with its reason. Every
 * other feature module reaches the database through its feature's repository (issue 27).
 */
const QUERYING_MODULES: Record<string, string> = {
  'knowledge/postings.ts': "the knowledge search's own index storage (BM25 terms and postings), written and read in bulk SQL",
  'knowledge/retrieval.ts': "the knowledge search's ranking query (BM25 and vectors fused in one statement)",
  'knowledge/vectors.ts': "the knowledge search's own vector storage",
  'knowledge/reembed.ts': "the knowledge search's re-embedding job over its own vector storage",
  'assistants/assistant.seed.ts': 'the default Mikas seeded at start-up, before any request',
  'knowledge/guide.seed.ts': "the user guide's knowledge seeded at start-up, before any request",
};

const QUERY = /\b(?:db|tx|deps\.db)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\b/;

/** Feature modules (not repositories, owners' rows or tests) that query the database, as "feature/file.ts". */
export function inlineQueries(files: { file: string; text: string }[]): string[] {
  return files
    .filter(({ file, text }) => !/\.(repository|rows|test)\.ts$/.test(file) && QUERY.test(text))
    .map(({ file }) => path.relative(FEATURES, file));
}

describe("a feature's queries live in its repositories", () => {
  it('no other module of a feature queries the database (or it says why)', () => {
    const found = inlineQueries(featureFiles().map(({ file }) => ({ file, text: fs.readFileSync(file, 'utf8') })));
    expect(found.filter((f) => !QUERYING_MODULES[f]).sort()).toEqual([]);
    // Every declared one still queries: the list does not outlive its reasons.
    for (const declared of Object.keys(QUERYING_MODULES)) expect(found, declared).toContain(declared);
  });

  it('finds a service that queries inline (the check can fail)', () => {
    const service = `import { eq } from 'drizzle-orm';\nexport async function getThing(deps, auth, id) {\n  requireAccess(auth, 'member');\n  return deps.db\n    .select()\n    .from(things)\n    .where(eq(things.id, id));\n}\n`;
    expect(inlineQueries([{ file: path.join(FEATURES, 'things/thing.service.ts'), text: service }])).toEqual(['things/thing.service.ts']);
    expect(inlineQueries([{ file: path.join(FEATURES, 'things/thing.repository.ts'), text: service }])).toEqual([]);
  });
});
