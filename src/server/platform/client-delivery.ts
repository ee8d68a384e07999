import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { safeDecode } from './csrf.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { COMMON_MESSAGES } from '../../shared/messages.ts';
import { AUTH_PAGE_PATHS } from '../../shared/constants.ts';

/**
 * How the built client and the API's answers travel (docs/decisions/012-frontend-delivery-and-bundles.md):
 * - the build writes `.br` and `.gz` next to every text asset; the static handler picks the best
 *   variant the browser accepts (`Content-Encoding`, `Vary: Accept-Encoding`), no work per request;
 * - Vite's hashed files under /assets/ never change: cached for a year, `immutable`; the rest is revalidated;
 * - JSON and HTML answers above a threshold are compressed on the fly. Streams (the chat's
 *   text/event-stream hijacks the reply) and already encoded answers are left alone.
 */

/** Below this a compressed answer saves less than the work and headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^(application\/json|text\/html|text\/plain|image\/svg\+xml)/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer with: brotli before gzip, `q=0` means refused. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

async function compressPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.getHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) return payload;
  // Every compressible answer varies by what the browser accepts, compressed or not.
  reply.header('vary', appendVary(reply.getHeader('vary')));
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_THRESHOLD_BYTES) return payload;
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const compressed =
    encoding === 'br'
      ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzip(body, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.header('content-length', compressed.length);
  return compressed;
}

function appendVary(current: string | number | string[] | undefined): string {
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === 'accept-encoding')) values.push('Accept-Encoding');
  return values.join(', ');
}

/** Compresses JSON and HTML answers on the fly (never streams: those bypass onSend). */
export function registerResponseCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    return compressPayload(request, reply, payload);
  });
}

const isHashedAsset = (filePath: string) => filePath.includes(`${path.sep}assets${path.sep}`);

/** The sign-in screens (and /feedback) come with their own light page: /login, /reset-password/{token} … */
export function isAuthPagePath(url: string): boolean {
  const first = `/${url.split('/')[1] ?? ''}`;
  return (AUTH_PAGE_PATHS as readonly string[]).includes(first);
}

/**
 * Serves the built client; unknown non-API GETs get a page so client routes work on reload: the
 * sign-in screens auth.html (when built), everything else the office's index.html.
 */
/** An API with its own error language answers its unknown paths itself (the OpenAI-compatible /v1). */
export interface OwnNotFound {
  prefix: string;
  send(request: FastifyRequest, reply: FastifyReply, path: string): unknown;
}

export async function serveClient(app: FastifyInstance, config: AppConfig, ownNotFound: OwnNotFound[] = []) {
  const indexFile = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    // wildcard: files are looked up per request, so a rebuilt client is served without a restart.
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The embed script is loaded by customers' websites: allow it across origins.
        if (/^embed\.js(\.br|\.gz)?$/.test(path.basename(filePath))) res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  const sendShell = (reply: FastifyReply, file = 'index.html') =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile(file);
  // Looked up per request like the files: a rebuilt client is served without a restart.
  const shellFor = (url: string) =>
    isAuthPagePath(url) && fs.existsSync(path.join(config.clientDir, 'auth.html')) ? 'auth.html' : 'index.html';
  // The root is a directory for the static handler: answer it with the app shell explicitly.
  if (hasClient) app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
  app.setNotFoundHandler((request, reply) => {
    // Decoded as the router decodes it: `/%61pi/…` is an API path too.
    const rawPath = request.url.split('?')[0] ?? '';
    const url = safeDecode(rawPath) ?? rawPath;
    // A missing asset must be a 404, not the app shell: old tabs then reload instead of breaking.
    const own = ownNotFound.find((o) => url === o.prefix || url.startsWith(`${o.prefix}/`));
    if (own) return own.send(request, reply, url);
    const isApi = ['/api/', '/v1/', '/storage/', '/sanctum/', '/assets/', '/audio/', '/document/'].some((p) => url.startsWith(p));
    if (!isApi && hasClient && (request.method === 'GET' || request.method === 'HEAD')) return sendShell(reply, shellFor(url));
    return reply.code(404).send({ error: COMMON_MESSAGES.notFound });
  });
}
