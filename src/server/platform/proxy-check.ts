import type { FastifyInstance } from 'fastify';

/**
 * Behind a reverse proxy without TRUST_PROXY every request comes from the proxy's address: the
 * per-IP limits (sign-in, registration, public chat) then count all people together, and after 50
 * sign-ins in 15 minutes nobody gets in. Such a request carries X-Forwarded-For, which the server
 * ignores without TRUST_PROXY: the first one is logged as a warning that says what to set.
 */
export function warnOnUntrustedProxy(app: FastifyInstance, trustProxy: boolean | string[]): void {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(
        { proxy: request.ip },
        'requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client counts as the proxy ' +
          `${request.ip} for the per-IP limits (sign-in, registration, public chat). Set TRUST_PROXY to the proxy's address (docs/operations.md)`,
      );
    }
    done();
  });
}
