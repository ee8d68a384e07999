import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTeamNameRequest, ZTeamNameResponse } from '../../../shared/schemas/teams.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { renameTeam } from './team.service.ts';

export const teamRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/team',
      { config: { access: 'owner' }, schema: { tags: ['teams'], body: ZTeamNameRequest, response: { 200: ZTeamNameResponse } } },
      async (request) => renameTeam(deps, requireAuth(request), request.body),
    );
  };
