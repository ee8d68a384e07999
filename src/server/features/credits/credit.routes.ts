import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { getCredits, getDailyCredits } from './credit.service.ts';

const tags = ['credits'];
const ZCreditMonth = z.object({
  month: z.number(),
  year: z.number(),
  booked: z.number(),
  used: z.number(),
  added_from_orders: z.number(),
});

export const creditRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/credits',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          description: 'Credits of the team per month (Europe/Berlin): this month, up to 12 past months (newest first), and the balance now.',
          response: { 200: z.object({ past: z.array(ZCreditMonth), current: ZCreditMonth, left: z.number() }) },
        },
      },
      async (request) => getCredits(deps, requireAuth(request)),
    );

    app.get(
      '/api/credits/daily',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          description: 'Credits used per day of a month (up to today) and per Mika, most first.',
          querystring: z.object({ month: z.string().max(7).optional() }),
          response: {
            200: z.object({
              month: z.string(),
              days: z.array(z.object({ date: z.string(), credits: z.number() })),
              assistants: z.array(z.object({ uuid: z.string().nullable(), name: z.string(), credits: z.number() })),
            }),
          },
        },
      },
      async (request) => getDailyCredits(deps, requireAuth(request), request.query.month),
    );
  };
