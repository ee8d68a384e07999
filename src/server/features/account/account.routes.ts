import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUserData } from '../../../shared/schemas/auth.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { getUserData } from './account.service.ts';

export const accountRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/user/data', { config: { access: 'member' }, schema: { tags: ['account'], response: { 200: ZUserData } } }, async (request) =>
      getUserData(deps, requireAuth(request)),
    );
  };
