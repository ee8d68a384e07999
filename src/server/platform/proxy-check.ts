import type { FastifyInstance } from 'fastify';

/**
 * Behind a reverse proxy without TRUST_PROXY every request comes from the proxy's address: the
 * per-IP limits (sign-in, registration, public chat) then count all people together, and after 50
 * sign-ins in 15 minutes nobody gets in. Such a request carries X-Forwarded-For, which the server
 * ignores without TRUST_PROXY: the first one is logged as a warning that says what to set. A client
 * of a server without a proxy can send the header too: the warning says not to trust blindly.
 */
export function warnOnUntrustedProxy(app: FastifyInstance, trustProxy: boolean | string[]): void {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(
        { proxy: request.ip },
        'a request came with X-Forwarded-For but TRUST_PROXY is not set: behind a proxy every client counts as the proxy ' +
          `${request.ip} for the per-IP limits (sign-in, registration, public chat). Set TRUST_PROXY to the proxy's address ` +
          '(docs/operations.md); never to true on a server clients reach directly, or they choose their own address',
      );
    }
    done();
  });
}
