import { requireAccess } from '../../platform/access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import {
  ZCapabilities,
  ZMessage,
  ZSaveStreamRequest,
  ZStreamQuery,
  ZThread,
  ZThreadCreateRequest,
  type StreamEvent,
} from '../../../shared/schemas/chat.ts';
import { zId, zToken } from '../../../shared/schemas/common.ts';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import type { Deps } from '../../platform/deps.ts';
import { openEventStream } from '../../platform/event-stream.ts';
import { answerInThread, answerStartOf, confirmStreamedAnswer, createThread, getThreadMessages } from './chat.service.ts';

const tags = ['chat'];

export const chatRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/capabilities', { config: { access: 'public' }, schema: { tags, response: { 200: ZCapabilities } } }, async () =>
      ({ ...deps.ai.capabilities(), processors: deps.providers.processors() }),
    );

    app.post(
      '/api/thread/create',
      { config: { access: 'public' }, schema: { tags, body: ZThreadCreateRequest, response: { 200: ZThread } } },
      async (request) => createThread(deps, { auth: request.auth, ip: request.ip }, request.body),
    );

    app.get(
      '/api/messages/:assistantUuid/:threadId',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          params: z.object({ assistantUuid: z.uuid(), threadId: zId(CONVERSATION_MESSAGES.threadNotFound) }),
          querystring: z.object({ token: zToken(CONVERSATION_MESSAGES.threadNotFound).optional() }),
          response: { 200: z.object({ messages: z.array(ZMessage) }) },
        },
      },
      async (request) => {
        const access = await requireAccess(request.auth, 'thread', {
          ...request.params,
          token: request.query.token,
        }, deps);
        return { messages: await getThreadMessages(deps, access) };
      },
    );

    app.get(
      '/api/send/stream',
      {
        // A HEAD request would run (and store) a whole answer: the stream has no HEAD.
        exposeHeadRoute: false,
        config: { access: 'visitor', stateChangingGet: "the spec's send call: stores question and answer, books usage" },
        schema: {
          tags,
          description:
            'Server-sent events. Data lines: {"type":"text","text":<delta>}, then {"type":"complete",' +
            '"response_id","final_text","message_id"} or {"type":"error","error"}, then [DONE]; {"type":"form","message_id"} ' +
            'announces a contact form. Needs the thread token; works without a session for public threads.',
          querystring: ZStreamQuery,
        },
      },
      async (request, reply) => {
        const q = request.query;
        // One statement before the stream starts (decision 038): the access check, the history, a
        // visitor's limits and the credit hold. Empty credits answer 402 as JSON, no provider is asked.
        const access = await requireAccess(request.auth, 'thread', { ...q, answer: { ip: request.ip } }, deps);
        const { history, hold } = answerStartOf(access);

        reply.hijack();
        const stream = openEventStream(reply.raw);
        const emit = (event: StreamEvent) => stream.write(JSON.stringify(event));
        try {
          // The answer is produced and stored even if the browser goes away meanwhile.
          await answerInThread(deps, access, q.message, emit, { hold, history: Promise.resolve(history) });
        } catch (err) {
          request.log.error({ err }, 'chat pipeline failed');
          emit({ type: 'error', error: 'Ein unbekannter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.' });
        }
        stream.write('[DONE]');
        stream.end();
      },
    );

    app.post(
      '/api/save/stream',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          description: 'Compatibility: the server stores every answer itself; this confirms it (idempotent).',
          body: ZSaveStreamRequest,
          response: { 200: z.object({ status: z.literal('success'), id: z.number() }) },
        },
      },
      async (request) => {
        const b = request.body;
        const thread = await requireAccess(request.auth, 'thread', {
          assistantUuid: b.assistantUuid,
          threadId: b.threadId,
          token: b.token,
        }, deps);
        return confirmStreamedAnswer(deps, thread, b.lastResponseId);
      },
    );
  };
