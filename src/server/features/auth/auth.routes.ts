import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import {
  ZFeedback,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetLink,
  ZResetPasswordRequest,
  ZResetRequest,
} from '../../../shared/schemas/auth.ts';
import type { Deps } from '../../platform/deps.ts';
import { endSession, startSession } from '../../platform/session.ts';
import { login, peekResetLink, registerAccount, requestPasswordReset, resetPassword, verifyEmail } from './auth.service.ts';

const ZStatus = z.object({ status: z.literal('success') });

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/register',
      { config: { access: 'public', csrf: 'always' }, schema: { tags: ['auth'], body: ZRegisterRequest, response: { 200: ZFeedback } } },
      async (request, reply) => {
        const result = await registerAccount(deps, request.body, request.ip);
        if (result.verified) await startSession(deps.db, deps.config, request, reply, result.userId);
        return result.feedback;
      },
    );

    app.post(
      '/api/login',
      { config: { access: 'public', csrf: 'always' }, schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZStatus } } },
      async (request, reply) => {
        await login(deps, request, reply, request.body);
        return { status: 'success' as const };
      },
    );

    app.post('/api/logout', { config: { access: 'public', csrf: 'always' }, schema: { tags: ['auth'], response: { 200: ZStatus } } }, async (request, reply) => {
      await endSession(deps.db, request, reply);
      return { status: 'success' as const };
    });

    app.post(
      '/api/reset',
      {
        config: { access: 'public', csrf: 'always', grantsAccess: true },
        schema: {
          tags: ['auth'],
          description: 'Answers the plain string `noemail` when no account has this address.',
          body: ZResetRequest,
          response: { 200: z.union([ZFeedback, z.literal('noemail')]) },
        },
      },
      async (request, reply) => {
        const result = await requestPasswordReset(deps, request, request.body.email);
        if (result === 'noemail') return reply.type('text/plain; charset=utf-8').send('noemail');
        return result;
      },
    );

    app.post(
      '/api/reset-password',
      { config: { access: 'public', csrf: 'always', grantsAccess: true }, schema: { tags: ['auth'], body: ZResetPasswordRequest, response: { 200: ZFeedback } } },
      async (request) => resetPassword(deps, request.body, request.ip),
    );

    // The page behind a reset or invitation link asks first whether the link still works.
    app.get(
      '/api/reset-password/:token',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], params: z.object({ token: z.string().max(200) }), response: { 200: ZResetLink } },
      },
      async (request) => peekResetLink(deps, request, request.params.token),
    );

    // The link in the verification mail: verifies, then shows the result on the feedback page.
    app.get(
      '/verify-email/:token',
      {
        config: { access: 'public', stateChangingGet: 'a one-time link in the verification mail: verifies the address' },
        schema: { hide: true, params: z.object({ token: z.string().max(200) }) },
      },
      async (request, reply) => {
        const feedback = await verifyEmail(deps, request.params.token);
        const query = new URLSearchParams(feedback);
        return reply.redirect(`/feedback?${query.toString()}`);
      },
    );
  };
