import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import {
  ZFeedbackRequest,
  ZFeedbackResponse,
  ZInsight,
  ZInsightOverview,
  ZInsightQuery,
  ZQaEntryRequest,
} from '../../../shared/schemas/question-insights.ts';
import type { Deps } from '../../platform/deps.ts';
import { getInsight, getInsightOverview, storeInsightAnswer, submitFeedback } from './question-insight.service.ts';

const tags = ['insights'];
const ZUuid = z.object({ assistantUuid: z.uuid() });
const ZDone = z.object({ status: z.literal('success'), message: z.string() });

/** Einblicke (docs/product/insights.md): feedback on answers, the insight per Mika, "Antwort hinterlegen". */
export const questionInsightRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/feedback',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          description: 'Thumbs up (1) or down (-1) on an answer of the thread, with an optional reason on a thumbs down; one vote per answer, a second replaces it. The thread token as for every thread call.',
          body: ZFeedbackRequest,
          response: { 200: ZFeedbackResponse },
        },
      },
      async (request) => submitFeedback(deps, request.auth, request.body),
    );

    app.get(
      '/api/insights',
      { config: { access: 'admin' }, schema: { tags, description: 'Team overview: the Mikas with the most unanswered questions (30 days) first.', response: { 200: ZInsightOverview } } },
      async (request) => getInsightOverview(deps, request.auth),
    );

    app.get(
      '/api/insights/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          description: 'Topics, unanswered questions and feedback counts of a Mika for the last 7, 30 or 90 days (built by a job at most a minute ago).',
          params: ZUuid,
          querystring: ZInsightQuery,
          response: { 200: ZInsight },
        },
      },
      async (request) => getInsight(deps, request.auth, request.params.assistantUuid, request.query.days),
    );

    app.post(
      '/api/insights/:assistantUuid/answers',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          description: '"Antwort hinterlegen": a question-and-answer entry in the Mika\'s knowledge; matching questions count as fixed.',
          params: ZUuid,
          body: ZQaEntryRequest,
          response: { 200: ZDone },
        },
      },
      async (request) => storeInsightAnswer(deps, request.auth, request.params.assistantUuid, request.body),
    );
  };
