import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { ZFilterRequest, ZFilterResponse } from '../../../shared/schemas/users.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { ZSupportAccessList } from '../../../shared/schemas/insight.ts';
import { getAssistantFilter, getTeamFilter, listSupportAccesses, saveFilter } from './dataprotection.service.ts';

const tags = ['dataprotection'];

export const dataprotectionRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/filter/main', { config: { access: 'admin' }, schema: { tags, response: { 200: ZFilterResponse } } }, async (request) =>
      getTeamFilter(requireAuth(request)),
    );

    app.get(
      '/api/dataprotection/supportaccess',
      {
        config: { access: 'admin' },
        schema: { tags, description: "Support's live logins into the team (newest first).", response: { 200: ZSupportAccessList } },
      },
      async (request) => listSupportAccesses(deps, requireAuth(request)),
    );

    app.get(
      '/api/filter/:assistantUuid',
      { config: { access: 'edit' }, schema: { tags, params: z.object({ assistantUuid: z.uuid() }), response: { 200: ZFilterResponse } } },
      async (request) => getAssistantFilter(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/filter',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          body: ZFilterRequest,
          response: { 200: z.object({ status: z.literal('success'), message: z.string() }) },
        },
      },
      async (request) => saveFilter(deps, requireAuth(request), request.body),
    );
  };
