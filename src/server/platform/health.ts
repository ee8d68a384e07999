import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** How long /readyz waits for the database before it calls the instance not ready. */
const READY_TIMEOUT_MS = 2000;

export type ReadyBody = { status: 'ready' } | { status: 'unavailable'; reason: 'database'; detail: 'timeout' | 'error' };

/**
 * Probes for a load balancer or orchestrator (docs/operations.md, Health checks):
 * - `GET /healthz`: the process is alive and its event loop answers; touches nothing else, so a
 *   database outage never gets every instance restarted at once.
 * - `GET /readyz`: this instance can serve — the database answers a query within 2 s; otherwise
 *   503 with a reason, and the balancer sends traffic elsewhere. While the process shuts down,
 *   Fastify answers 503 to new requests on its own.
 * Public, no session, no details beyond the reason; successful probes are not logged.
 */
export function registerHealth(app: FastifyInstance, database: Database) {
  const options = { config: { access: 'public' as const, quietLog: true }, schema: { hide: true } };
  app.get('/healthz', options, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', options, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
    });
    const query = database.db.execute(sql`select 1`).then(
      () => 'ok' as const,
      (err: unknown) => {
        request.log.warn({ err }, 'readiness: database query failed');
        return 'error' as const;
      },
    );
    const outcome = await Promise.race([query, timeout]);
    clearTimeout(timer);
    if (outcome === 'ok') return { status: 'ready' } satisfies ReadyBody;
    if (outcome === 'timeout') request.log.warn('readiness: database did not answer within 2 s');
    return reply.code(503).send({ status: 'unavailable', reason: 'database', detail: outcome } satisfies ReadyBody);
  });
}
