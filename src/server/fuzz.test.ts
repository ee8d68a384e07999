// Fuzz test: for every route of the OpenAPI description, malformed params, queries and bodies
// (wrong types, NUL, lone surrogates, huge, deeply nested, wrong content type) must be answered
// with a 4xx (or a normal answer) — never a 5xx, a stack trace or SQL — and every refusal says in
// plain words what is wrong, never the validator's internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../tests/factories/index.ts';
import type { Assistant } from './db/schema/index.ts';

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Operation {
  description?: string;
  parameters?: { in: 'path' | 'query'; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
interface Attempt {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

const BAD_VALUES: unknown[] = [
  null,
  123,
  -1,
  2 ** 31,
  1e308,
  true,
  [],
  {},
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '😀'.repeat(3),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  { $ne: null },
  ['a', 'b'],
  'x'.repeat(20_000),
];
const BAD_SEGMENTS = ['0', '-1', '2147483648', '99999999999999999999', '1e400', 'abc', '%00', '%E0%A4%A', '%ED%A0%80', '%F0%9F%98%80', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '%20', "'"];
// A message for people names what to do, not the validator's internals (type names, patterns,
// comparison signs); the OpenAI-compatible API answers its developers in English throughout.
const TECHNICAL = /\berwartet\b|\berhalten\b|\b(string|number|int|bigint|boolean|object|undefined|null|NaN|Array)\b|dem Muster|Zu (groß|klein):|Ungültig: |[<>]=/;
const GERMAN = /Bitte |Ungültig|erwartet|Zeichen/;
const LEAK = /\n\s+at |node_modules|Failed query|violates|syntax error at|DrizzleQuery|TypeError|ReferenceError|\bSELECT\b|\bINSERT\b/;

let t: TestApp;
let assistant: Assistant;
let owner: Agent;
/** Valid bodies where the generic sample cannot guess one, so that mutations reach the database. */
let validBodies: Record<string, unknown>;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  const staff = await createStaffedTeam(t.database.db, { plan: 'agency', amountExtraMikas: 1000, amountExtraUsers: 1000 });
  assistant = await createAssistant(t.database.db, staff.team, { isPublic: true, canTalk: true, form: { active: true } });
  owner = await loginAs(t, staff.owner);
  apiKey = (await owner.post('/api/apikeys', { name: 'Fuzz-Schlüssel', scope: 'all' })).json().secret;
  validBodies = {
    'POST /api/assistant': {
      type: 'chat',
      name: 'Fuzz-Mika',
      role: 'Du bist eine hilfsbereite Assistenz für unser Team im Vertrieb.',
      task: 'Du beantwortest Fragen. '.repeat(12),
      style: 'professionell und sachlich',
    },
    'PUT /api/user': { user: { uuid: staff.employee.uuid, name: staff.employee.name, email: staff.employee.email } },
    'POST /api/user': { name: 'Fuzz Person', email: 'fuzz-person@example.com', invitation: true },
    'POST /v1/chat/completions': { model: assistant.uuid, messages: [{ role: 'user', content: 'Hallo' }] },
  };
});
afterAll(async () => t?.close());

/** A value the schema accepts, so that one mutated field at a time reaches the deeper checks. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'Fuzz';
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0], depth + 1);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return assistant.uuid;
      if (schema.format === 'email') return 'fuzz@example.com';
      // Long enough for every minimum (the assistant's task needs 250), within the maximum.
      return 'Fuzz Text '.repeat(40).slice(0, Math.min(schema.maxLength ?? 400, 400)).trim();
  }
}

/** Every leaf path of a sampled body (objects nested at most two levels). */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== 'object' || Array.isArray(value) || prefix.length >= 2) return prefix.length ? [prefix] : [];
  const entries = Object.entries(value);
  return entries.length === 0 ? [prefix] : entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
}

function setPath(value: unknown, path: string[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = leaf;
  return copy;
}

function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function attemptsFor(method: Attempt['method'], path: string, op: Operation): Attempt[] {
  const params = op.parameters ?? [];
  const pathValues = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(p.schema))]));
  const queryValues = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, String(sample(p.schema))]));
  const build = (pv: Record<string, string>, qv: Record<string, string>, rawQuery = '') => {
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => pv[name] ?? 'x');
    const query = Object.entries(qv)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return `${url}${query || rawQuery ? `?${[query, rawQuery].filter(Boolean).join('&')}` : ''}`;
  };
  const out: Attempt[] = [];
  for (const name of Object.keys(pathValues)) {
    for (const bad of BAD_SEGMENTS) out.push({ label: `path ${name}=${bad.slice(0, 20)}`, method, url: build({ ...pathValues, [name]: bad }, queryValues) });
  }
  for (const name of Object.keys(queryValues)) {
    for (const bad of BAD_SEGMENTS) out.push({ label: `query ${name}=${bad.slice(0, 20)}`, method, url: build(pathValues, { ...queryValues, [name]: bad }) });
    out.push({ label: `query ${name} twice`, method, url: build(pathValues, queryValues, `${name}=a&${name}=b`) });
    out.push({ label: `query ${name}[] bracket`, method, url: build(pathValues, queryValues, `${name}[$ne]=1`) });
  }
  const url = build(pathValues, queryValues);
  out.push({ label: 'unknown query', method, url: build(pathValues, queryValues, '__proto__[isAdmin]=1&constructor=x') });
  if (method === 'GET') return out;

  const multipart = op.description?.startsWith('multipart');
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const base = validBodies[`${method} ${path}`] ?? (jsonSchema ? sample(jsonSchema) : {});
  if (jsonSchema) {
    for (const leaf of leafPaths(base)) {
      for (const bad of BAD_VALUES) {
        out.push({ label: `body ${leaf.join('.')}=${JSON.stringify(bad)?.slice(0, 20)}`, method, url, payload: JSON.stringify(setPath(base, leaf, bad)), contentType: 'application/json' });
      }
    }
  }
  const raw: [string, string | Buffer, string | undefined][] = [
    ['json null', 'null', 'application/json'],
    ['json array', '[]', 'application/json'],
    ['json number', '1', 'application/json'],
    ['json string', '"text"', 'application/json'],
    ['broken json', '{"a":', 'application/json'],
    ['empty json', '', 'application/json'],
    ['deeply nested', deeplyNested(5000), 'application/json'],
    ['huge array', JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i)), 'application/json'],
    ['prototype pollution', JSON.stringify({ ...(base as object), __proto__: { isAdmin: true }, constructor: { prototype: { isAdmin: true } } }), 'application/json'],
    ['latin1 charset', JSON.stringify(base), 'application/json; charset=latin1'],
    ['text/plain', 'hallo', 'text/plain'],
    ['form-urlencoded', 'a=1&b=%00', 'application/x-www-form-urlencoded'],
    ['xml', '<a>1</a>', 'application/xml'],
    ['no content type', JSON.stringify(base), undefined],
    ['multipart without boundary', 'x', 'multipart/form-data'],
    ['multipart garbage', Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0000\u0001'), 'multipart/form-data; boundary=b'],
    ['multipart many fields', Buffer.from(`${Array.from({ length: 100 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--b--\r\n`), 'multipart/form-data; boundary=b'],
    ['multipart NUL field', Buffer.from(`--b\r\nContent-Disposition: form-data; name="assistantUuid"\r\n\r\na\u0000b\r\n--b--\r\n`), 'multipart/form-data; boundary=b'],
  ];
  for (const [label, payload, contentType] of raw) {
    if (!multipart && !jsonSchema && label.startsWith('multipart')) continue;
    out.push({ label, method, url, payload, contentType });
  }
  return out;
}

describe('fuzzing every route of the OpenAPI description', () => {
  it('never answers 5xx, a stack trace, SQL or a technical message', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    const failures: string[] = [];
    let count = 0;
    const operations = Object.entries(spec.paths).flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => ({ path, method: m.toUpperCase() as Attempt['method'], op })));
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method, op } of operations) {
      for (const attempt of attemptsFor(method, path, op)) {
        // Sign-in calls would end or replace the owner's session: they are fuzzed anonymously.
        const signIn = /^\/api\/(register|login|logout|reset)/.test(path);
        const callers: [string, Agent][] = [['anonymous', new Agent(t.app, `10.30.${count % 250}.1`)]];
        if (!signIn) callers.push(['owner', owner]);
        for (const [who, agent] of callers) {
          const headers: Record<string, string> = {};
          if (attempt.contentType) headers['content-type'] = attempt.contentType;
          // The owner calls the OpenAI-compatible API with the team's key (its body is then parsed).
          if (who === 'owner' && path.startsWith('/v1/')) headers.authorization = `Bearer ${apiKey}`;
          const res = await agent.request(attempt.method, attempt.url, attempt.payload, { headers });
          count++;
          const where = `${method} ${path} [${attempt.label}] as ${who}: ${res.status} ${res.body.slice(0, 160)}`;
          if (res.status >= 500) failures.push(where);
          else if (LEAK.test(res.body) && res.headers['content-type']?.toString().includes('json')) failures.push(`leak: ${where}`);
          else if (res.status >= 400) {
            const body = JSON.parse(res.body) as { error?: unknown; message?: unknown; fields?: unknown };
            // The OpenAI-compatible API answers in OpenAI's error shape ({error: {message, type}}).
            const message = path.startsWith('/v1/') ? (body.error as { message?: unknown } | undefined)?.message : (body.error ?? body.message);
            if (typeof message !== 'string') failures.push(`no message: ${where}`);
            else if (path.startsWith('/v1/')) {
              if (GERMAN.test(message)) failures.push(`German in the OpenAI-compatible API: ${where}`);
            } else {
              const fieldMessages = Object.values((body.fields ?? {}) as Record<string, string[]>).flat();
              const technical = [message, ...fieldMessages].find((m) => TECHNICAL.test(m));
              if (technical) failures.push(`technical message «${technical}»: ${where}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(1000);
  }, 120_000);
});
