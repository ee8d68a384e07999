import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { ZMessage } from '../../../shared/schemas/chat.ts';
import {
  ZHandoffRequest,
  ZHandoffRequestResult,
  ZHandoffSettings,
  ZLiveMessageRequest,
  ZLiveThread,
  ZLiveThreadParams,
} from '../../../shared/schemas/handoff.ts';
import { requireAccess } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { ASSISTANT_MESSAGES } from '../../../shared/messages.ts';
import { findPublishedAssistant } from '../assistants/index.ts';
import {
  getHandoffSettings,
  isHandoffOffered,
  listLive,
  liveThreadMessages,
  releaseLiveThread,
  requestHandoff,
  saveHandoffSettings,
  sendLiveMessage,
  takeLiveThread,
} from './handoff.service.ts';

const tags = ['handoff'];
const ZUuid = z.object({ assistantUuid: z.uuid() });
const ZDone = z.object({ status: z.literal('success') });

export const handoffRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/handoff/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: { tags, description: 'Live hand-off settings of a chat Mika (docs/product/public-chat-and-embed.md).', params: ZUuid, response: { 200: ZHandoffSettings } },
      },
      async (request) => getHandoffSettings(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.put(
      '/api/handoff/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          description: '`hours`: ISO day 1 (Monday) … 7, `from`/`to` HH:MM in Europe/Berlin, `to` inclusive of its minute.',
          params: ZUuid,
          body: ZHandoffSettings,
          response: { 200: ZHandoffSettings.extend({ message: z.string() }) },
        },
      },
      async (request) => saveHandoffSettings(deps, requireAuth(request), request.params.assistantUuid, request.body),
    );

    app.get(
      '/api/handoff/:assistantUuid/offer',
      {
        config: { access: 'public' },
        schema: { tags, description: 'Whether the published Mika offers "Mit einem Menschen sprechen".', params: ZUuid, response: { 200: z.object({ enabled: z.boolean() }) } },
      },
      async (request) => {
        requireAccess(request.auth, 'anyone');
        const assistant = await findPublishedAssistant(deps, request.params.assistantUuid);
        if (!assistant) throw new AppError('NOT_FOUND', ASSISTANT_MESSAGES.notFound);
        return { enabled: await isHandoffOffered(deps, assistant) };
      },
    );

    app.post(
      '/api/handoff/request',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          description: 'The visitor asks for a person (thread token). `waiting`: someone is asked; `unavailable`: the Mika said so (and offers the contact form when it has one).',
          body: ZHandoffRequest,
          response: { 200: ZHandoffRequestResult },
        },
      },
      async (request) => requestHandoff(deps, request.auth, request.body),
    );

    app.get(
      '/api/live/threads',
      {
        config: { access: 'member' },
        schema: { tags, description: 'Open public conversations of the Mikas the caller may use (hand-off on).', response: { 200: z.array(ZLiveThread) } },
      },
      async (request) => listLive(deps, requireAuth(request)),
    );

    app.get(
      '/api/live/threads/:threadId/messages',
      { config: { access: 'member' }, schema: { tags, params: ZLiveThreadParams, response: { 200: z.object({ messages: z.array(ZMessage) }) } } },
      async (request) => ({ messages: await liveThreadMessages(deps, requireAuth(request), request.params.threadId) }),
    );

    app.post(
      '/api/live/threads/:threadId/take',
      {
        config: { access: 'member' },
        schema: { tags, description: 'Takes the conversation over: the Mika stops answering. 409 when another person holds it.', params: ZLiveThreadParams, response: { 200: ZDone.extend({ takenBy: z.string() }) } },
      },
      async (request) => takeLiveThread(deps, requireAuth(request), request.params.threadId),
    );

    app.post(
      '/api/live/threads/:threadId/message',
      { config: { access: 'member' }, schema: { tags, params: ZLiveThreadParams, body: ZLiveMessageRequest, response: { 200: ZMessage } } },
      async (request) => sendLiveMessage(deps, requireAuth(request), request.params.threadId, request.body.text),
    );

    app.post(
      '/api/live/threads/:threadId/release',
      { config: { access: 'member' }, schema: { tags, description: '"An Mika zurückgeben".', params: ZLiveThreadParams, response: { 200: ZDone } } },
      async (request) => releaseLiveThread(deps, requireAuth(request), request.params.threadId),
    );
  };
