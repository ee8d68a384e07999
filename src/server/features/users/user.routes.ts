import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import {
  ZCreateUserRequest,
  ZDeleteUserRequest,
  ZPermissionRequest,
  ZTeamUser,
  ZUpdateUserRequest,
  ZUserDetail,
} from '../../../shared/schemas/users.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth, startSession } from '../../platform/session.ts';
import {
  createTeamUser,
  deleteTeamUser,
  getTeamUser,
  listTeamUsers,
  resendInvitation,
  setAssistantPermission,
  updateTeamUser,
} from './user.service.ts';

const tags = ['users'];
const ZDone = z.object({ status: z.literal('success'), message: z.string() });

export const userRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/users', { config: { access: 'admin' }, schema: { tags, response: { 200: z.object({ users: z.array(ZTeamUser) }) } } }, async (request) => ({
      users: await listTeamUsers(deps, requireAuth(request)),
    }));

    app.get(
      '/api/user/:uuid',
      { config: { access: 'member' }, schema: { tags, params: z.object({ uuid: z.uuid() }), response: { 200: ZUserDetail } } },
      async (request) => getTeamUser(deps, requireAuth(request), request.params.uuid),
    );

    app.post(
      '/api/user',
      { config: { access: 'admin', grantsAccess: true }, schema: { tags, body: ZCreateUserRequest, response: { 200: z.object({ uuid: z.string(), message: z.string() }) } } },
      async (request) => createTeamUser(deps, requireAuth(request), request.body),
    );

    app.put('/api/user', { config: { access: 'member' }, schema: { tags, body: ZUpdateUserRequest, response: { 200: ZDone } } }, async (request, reply) => {
      const auth = requireAuth(request);
      const result = await updateTeamUser(deps, auth, request.body);
      // Changing one's own password ended all sessions; keep this browser signed in with a fresh one.
      if (request.body.password && request.body.user.uuid === auth.user.uuid) {
        await startSession(deps.db, deps.config, request, reply, auth.user.id);
      }
      return result;
    });

    app.delete('/api/user', { config: { access: 'admin' }, schema: { tags, body: ZDeleteUserRequest, response: { 200: ZDone } } }, async (request) =>
      deleteTeamUser(deps, requireAuth(request), request.body.user),
    );

    // A new invitation link for a user who has not set a password yet (it grants access: refused in a live login).
    app.post(
      '/api/user/:uuid/invitation',
      { config: { access: 'admin', grantsAccess: true }, schema: { tags, params: z.object({ uuid: z.uuid() }), response: { 200: ZDone } } },
      async (request) => resendInvitation(deps, requireAuth(request), request.params.uuid),
    );

    app.post(
      '/api/user/:uuid/permissions',
      { config: { access: 'admin' }, schema: { tags, params: z.object({ uuid: z.uuid() }), body: ZPermissionRequest, response: { 200: ZDone } } },
      async (request) => setAssistantPermission(deps, requireAuth(request), request.params.uuid, request.body),
    );
  };
