import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { CONVERSATION_MESSAGES, PUBLIC_CHAT_MESSAGES } from '../../../shared/messages.ts';
import { ZMsgToVoiceRequest } from '../../../shared/schemas/public.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { answerToVoice, readAnswerAudio, transcribeRecording } from './voice.service.ts';
import { zId, zToken } from '../../../shared/schemas/common.ts';

const tags = ['voice'];

export const voiceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/send/audio',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: 'multipart: audio (mono WAV ≤ 10 MB), assistantUuid, threadId, token → the transcript.',
          response: { 200: z.object({ message: z.string(), addCost: z.number() }) },
        },
      },
      async (request) => {
        const upload = await readSingleUpload(request, deps.config.uploadLimitBytes).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', PUBLIC_CHAT_MESSAGES.audioTooLarge);
          if (err instanceof AppError) throw new AppError('VALIDATION', PUBLIC_CHAT_MESSAGES.audioRequired);
          throw err;
        });
        const ref = z
          .object({ assistantUuid: z.uuid({ error: CONVERSATION_MESSAGES.noAssistant }), threadId: zId(CONVERSATION_MESSAGES.noThread), token: zToken(CONVERSATION_MESSAGES.noThread).optional() })
          .safeParse(upload.fields);
        if (!ref.success) throw new AppError('VALIDATION', ref.error.issues[0]?.message ?? CONVERSATION_MESSAGES.noThread);
        return transcribeRecording(deps, { auth: request.auth, ip: request.ip }, ref.data, upload.file.data);
      },
    );

    app.post(
      '/api/send/msgtovoice',
      { config: { access: 'visitor' }, schema: { tags, body: ZMsgToVoiceRequest, description: 'Answers audio/mpeg; X-Audio-File names the stored file.' } },
      async (request, reply) => {
        const { mp3, file } = await answerToVoice(deps, { auth: request.auth, ip: request.ip }, request.body);
        return reply.type('audio/mpeg').header('x-audio-file', file).header('cache-control', 'no-store').send(mp3);
      },
    );

    app.get(
      '/audio/:assistantUuid/:file',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          params: z.object({ assistantUuid: z.uuid(), file: z.string().regex(/^[\w-]+\.mp3$/) }),
          querystring: z.object({ token: zToken().optional() }),
        },
      },
      async (request, reply) => {
        const data = await readAnswerAudio(deps, request.auth, { ...request.params, token: request.query.token });
        return reply
          .type('audio/mpeg')
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=3600')
          .send(data);
      },
    );
  };
