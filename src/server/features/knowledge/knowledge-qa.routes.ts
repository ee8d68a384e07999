import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { ZQaEntry, ZQaEntryList, ZQaEntryUpdate } from '../../../shared/schemas/knowledge-qa.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { deleteQaEntry, listQaEntries, updateQaEntry } from './knowledge-qa.ts';

const tags = ['knowledge'];
const ZAssistant = z.object({ assistantUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant }) });
const ZEntry = ZAssistant.extend({ entryUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.qaNotFound }) });

/** The Q&A entries of a Mika's knowledge (created from the insight: POST /api/insights/{uuid}/answers). */
export const knowledgeQaRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/knowledge/:assistantUuid/qa',
      { config: { access: 'edit' }, schema: { tags, params: ZAssistant, response: { 200: ZQaEntryList } } },
      async (request) => listQaEntries(deps, requireAuth(request), request.params.assistantUuid),
    );
    app.put(
      '/api/knowledge/:assistantUuid/qa/:entryUuid',
      { config: { access: 'edit' }, schema: { tags, params: ZEntry, body: ZQaEntryUpdate, response: { 200: z.object({ entry: ZQaEntry, message: z.string() }) } } },
      async (request) => ({ entry: await updateQaEntry(deps, requireAuth(request), request.params, request.body), message: KNOWLEDGE_MESSAGES.qaSaved }),
    );
    app.delete(
      '/api/knowledge/:assistantUuid/qa/:entryUuid',
      { config: { access: 'edit' }, schema: { tags, params: ZEntry, response: { 200: z.object({ status: z.literal('success'), message: z.string() }) } } },
      async (request) => {
        await deleteQaEntry(deps, requireAuth(request), request.params);
        return { status: 'success' as const, message: KNOWLEDGE_MESSAGES.qaDeleted };
      },
    );
  };
