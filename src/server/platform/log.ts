import type { FastifyRequest } from 'fastify';

// What reaches the log: never SQL parameters, database error details, tokens from URLs or the
// bodies that libraries attach to their errors (an AI provider's error carries the prompt).

/**
 * The URL as logged: the pattern of the matched route (`/verify-email/:token`), or for an
 * unmatched request only its first path segment: reset and verification tokens travel in paths.
 */
export function loggedUrl(req: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const pattern = req.routeOptions?.url;
  if (pattern) return pattern;
  const [first, ...rest] = (req.url.split('?')[0] ?? '').split('/').filter(Boolean);
  if (!first) return '/';
  return `/${first}${rest.length > 0 ? '/…' : ''}`;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  /** Database errors: the kind of query and its table, never its text with values. */
  query?: string;
  constraint?: string;
  cause?: LoggedError;
}

/** "insert into users", "select from sessions": names a failed query without its values. */
export function queryName(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, ' ').trim().toLowerCase().replace(/"/g, '');
  const verb = /^(insert into|update|delete from|select|with|alter table|create|drop)\b/.exec(text)?.[1] ?? 'query';
  const table = ['insert into', 'update', 'delete from', 'alter table'].includes(verb)
    ? new RegExp(`^${verb} ([\\w.]+)`).exec(text)?.[1]
    : / from ([\w.]+)/.exec(text)?.[1];
  return table ? `${verb === 'select' ? 'select from' : verb} ${table}` : verb;
}

type Inspectable = Error & { code?: unknown; statusCode?: unknown; query?: unknown; params?: unknown; constraint?: unknown };

/** A database error (driver error or Drizzle's wrapper) in any link of the cause chain. */
function isDatabaseError(err: Inspectable): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const x = e as Inspectable;
    if (typeof x.query === 'string' && 'params' in x) return true;
    if ('severity' in x && typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return true;
  }
  return false;
}

function summarizeDatabaseError(err: Inspectable): LoggedError {
  // The stack's frames say where the query came from; its first line would repeat the message.
  const frames = (err.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const out: LoggedError = { type: err.constructor?.name ?? err.name, message: 'database query failed', stack: frames.join('\n') };
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const x = e as Inspectable;
    if (!out.query && typeof x.query === 'string') out.query = queryName(x.query);
    if (!out.code && typeof x.code === 'string') out.code = x.code;
    if (!out.constraint && typeof x.constraint === 'string') out.constraint = x.constraint;
  }
  return out;
}

/** The pino serializer for `err`: a fixed set of fields, database errors reduced to their class. */
export function serializeError(err: Error, depth = 0): LoggedError {
  const e = err as Inspectable;
  if (isDatabaseError(e)) return summarizeDatabaseError(e);
  const out: LoggedError = { type: e.constructor?.name ?? e.name, message: e.message, stack: e.stack ?? '' };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause instanceof Error && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** The readable form of one request: `GET /api/assistants/ 200 12 ms`. */
export function requestLine(log: RequestLine): string | undefined {
  if (!log.req || !log.res) return undefined;
  const ms = typeof log.responseTime === 'number' ? ` ${log.responseTime < 10 ? log.responseTime.toFixed(1) : Math.round(log.responseTime)} ms` : '';
  return `${log.req.method ?? ''} ${log.req.url ?? ''} ${log.res.statusCode ?? ''}${ms}`;
}

/**
 * Development logs (LOG_FORMAT=pretty, the default with NODE_ENV=development): one readable line
 * per event, a request as `12:00:01 INFO: GET /api/user/data 200 4.2 ms`. Written synchronously in
 * this thread (no transport worker); loaded only when asked for, so production never imports it.
 */
export async function prettyLogStream(destination?: NodeJS.WritableStream): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: destination ? false : Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    sync: true,
    messageFormat: (log, messageKey) => {
      const message = log[messageKey];
      return requestLine(log) ?? (typeof message === 'string' ? message : JSON.stringify(message ?? ''));
    },
    ...(destination ? { destination } : {}),
  });
}
