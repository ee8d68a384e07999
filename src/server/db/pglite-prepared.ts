// Named prepared statements for PGlite (decision 050). PGlite's `query` parses, analyses and plans
// every statement anew (an unnamed statement); the answer's composed first statement spends 1–4 ms
// planning and under 1 ms executing. On PostgreSQL drizzle's node-postgres driver already uses named
// statements, whose plans PostgreSQL caches (a generic plan after five custom ones when it is not
// worse). This does the same on PGlite, in the database's thread: the same five protocol messages
// PGlite's `query` sends, but the Parse names the statement once per SQL text and later calls only
// Bind and Execute it.
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { appendAll } from '../../shared/arrays.ts';

const { serialize } = protocol;
const { parseDescribeStatementResults, parseResults } = parse;
/** A message of the database's answer (the protocol's type, which PGlite does not export by name). */
type BackendMessage = Parameters<typeof parseResults>[0][number];

/** Statements kept per database; the least recently used is closed beyond it (drizzle's `inArray` makes many texts). */
const MAX_STATEMENTS = 500;
/** Statements with more parameters than this are not named (bulk inserts of passages, postings, rows). */
const MAX_PREPARED_PARAMS = 64;
/** …nor those whose values carry more text than this (a batch as one JSON or array value). */
const MAX_PREPARED_TEXT = 4096;

/**
 * A bulk write — many rows as many parameters, or as one large JSON/array value — is a text of its
 * own nearly every time or carries its batch in one value: naming it would keep a large parsed
 * statement for nothing, and a generic plan cannot see how many rows the value holds. PGlite's own
 * query, planned each time, serves it.
 */
function isBulk(params: unknown[]): boolean {
  if (params.length > MAX_PREPARED_PARAMS) return true;
  let text = 0;
  for (const value of params) {
    if (typeof value === 'string') text += value.length;
    else if (Array.isArray(value)) text += value.length * 8;
    if (text > MAX_PREPARED_TEXT) return true;
  }
  return false;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (absent for one that returns no rows): every run's rows have it. */
  rowDescription: BackendMessage | undefined;
}

/** One buffer for several protocol messages: PGlite runs them in one call, as a socket would. */
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export interface PreparedQueries {
  /** `query` of PGlite (outside a transaction) or of the open transaction `tx`, through a named statement. */
  query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: Transaction): Promise<Results<T>>;
}

const textOf = (value: unknown): string => (value as { toString(): string }).toString();

export function preparedQueries(db: PGlite): PreparedQueries {
  const statements = new Map<string, Prepared>();
  // PGlite's parseResults merges a statement's parsers into its own ~320 by spreading both, about
  // 0.1 ms a statement; merged once per options object here (the thread reuses them), it is given
  // the merged parsers and options without parsers of their own.
  type ResultOptions = { parsers: typeof db.parsers; options: QueryOptions };
  const resultOptions = new WeakMap<QueryOptions, ResultOptions>();
  const resultOptionsOf = (options: QueryOptions | undefined): ResultOptions => {
    if (!options) return { parsers: db.parsers, options: {} };
    let known = resultOptions.get(options);
    if (!known) {
      const { parsers, ...rest } = options;
      known = { parsers: parsers ? { ...db.parsers, ...parsers } : db.parsers, options: rest };
      resultOptions.set(options, known);
    }
    return known;
  };
  let next = 0;
  const send = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });

  /** Parse and describe once per text; the oldest statement is closed when the cache is full. */
  async function prepare(sql: string): Promise<Prepared> {
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql); // most recently used goes last
      statements.set(sql, known);
      return known;
    }
    const name = `mika_${++next}`;
    await send(serialize.parse({ name, text: sql, types: [] }));
    const described = await send(serialize.describe({ type: 'S', name }));
    const paramTypes = parseDescribeStatementResults(described);
    const prepared = { name, paramTypes, rowDescription: described.find((m) => m.name === 'rowDescription') };
    statements.set(sql, prepared);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestSql, oldest] = statements.entries().next().value!;
      statements.delete(oldestSql);
      await send(serialize.close({ type: 'S', name: oldest.name }));
    }
    return prepared;
  }

  /** A statement prepared before a DDL changed its result's columns: PostgreSQL refuses to run it. */
  const isStale = (err: unknown) => (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));

  async function run<T>(sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    return db._runExclusiveQuery(async () => {
      const messages: BackendMessage[] = [];
      let stale: string | undefined;
      let synced = false;
      try {
        const { name, paramTypes, rowDescription } = await prepare(sql);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[paramTypes[i]!] ?? db.serializers[paramTypes[i]!];
          // As PGlite's own query: a type without a serializer is sent as the value's text.
          return serializer ? serializer(value) : textOf(value);
        });
        // The row description is the statement's (described once): Bind, Execute and Sync go as one
        // buffer, without a Describe of each run's portal.
        if (rowDescription) messages.push(rowDescription);
        try {
          synced = true;
          appendAll(messages, await send(concat(serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync())));
        } catch (err) {
          if (isStale(err)) stale = name;
          throw err;
        }
      } catch (err) {
        throw Object.assign(err as Error, { query: sql, params });
      } finally {
        // A Parse or Describe that failed: the database skips to the next Sync.
        if (!synced) await send(serialize.sync());
        if (stale) {
          // Forgotten here and in the database; the next call prepares the text again.
          statements.delete(sql);
          await send(serialize.close({ type: 'S', name: stale }));
          await send(serialize.sync());
        }
      }
      if (!db.isInTransaction()) await db.syncToFs();
      const result = resultOptionsOf(options);
      return parseResults(messages, result.parsers, result.options)[0] as Results<T>;
    });
  }

  /** Outside a transaction a stale statement is prepared again and run once more, as PostgreSQL's own clients do. */
  async function runRetryingStale<T>(sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      return await run<T>(sql, params, options);
    } catch (err) {
      if (!isStale(err)) throw err;
      return run<T>(sql, params, options);
    }
  }

  return {
    query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: Transaction) => {
      if (isBulk(params)) return tx ? tx.query<T>(sql, params, options) : db.query<T>(sql, params, options);
      await db._checkReady();
      // Inside a transaction its callback holds PGlite's transaction lock; outside, wait for it as PGlite's query does.
      return tx ? run<T>(sql, params, options) : db._runExclusiveTransaction(() => runRetryingStale<T>(sql, params, options));
    },
  };
}
