import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { USER_MESSAGES } from '../../../shared/messages.ts';
import { ZSupportRequest } from '../../../shared/schemas/users.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';

const SUPPORT_RULE = { limit: 10, windowMs: 60 * 60_000 };

export const supportRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/email/support',
      {
        config: { access: 'member' },
        schema: {
          tags: ['support'],
          body: ZSupportRequest,
          response: { 200: z.object({ status: z.literal('success'), message: z.string() }) },
        },
      },
      async (request) => {
        const { user, team } = requireAuth(request);
        await deps.throttle.consume(`support:${user.id}`, SUPPORT_RULE);
        // Stored in the outbox first, so the request reaches support even if SMTP is down.
        await deps.mailer.send({
          to: deps.config.supportEmail,
          replyTo: user.email,
          teamId: team.id,
          subject: `[Support] ${request.body.subject}`,
          text: [
            `Von: ${user.name} <${user.email}>`,
            `Team: ${team.name} (${team.uuid}), Tarif: ${team.planSlug}`,
            request.body.message,
          ].join('\n\n'),
        });
        return { status: 'success' as const, message: USER_MESSAGES.supportSent };
      },
    );
  };
