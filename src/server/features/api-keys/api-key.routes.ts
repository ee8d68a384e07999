import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { ZApiKeyCreate, ZApiKeyCreated, ZApiKeyList } from '../../../shared/schemas/api-keys.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.service.ts';

const tags = ['api-keys'];

/** Our own endpoints for the API area (admins): docs/api.md. */
export const apiKeyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/apikeys',
      { config: { access: 'admin' }, schema: { tags, response: { 200: ZApiKeyList } } },
      async (request) => listApiKeys(deps, requireAuth(request)),
    );
    app.post(
      '/api/apikeys',
      {
        config: { access: 'admin', grantsAccess: true },
        schema: { tags, description: 'The whole key (`secret`) is in this answer only.', body: ZApiKeyCreate, response: { 200: ZApiKeyCreated } },
      },
      async (request) => createApiKey(deps, requireAuth(request), request.body),
    );
    app.delete(
      '/api/apikeys/:uuid',
      {
        config: { access: 'admin' },
        schema: { tags, params: z.object({ uuid: z.uuid() }), response: { 200: z.object({ status: z.literal('success'), message: z.string() }) } },
      },
      async (request) => revokeApiKey(deps, requireAuth(request), request.params.uuid),
    );
  };
