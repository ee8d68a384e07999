import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { IMAGE_MESSAGES, KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import {
  ZCreateImageRequest,
  ZGeneratedImage,
  ZGeneratedImageList,
  ZOptimizedPrompt,
  ZOptimizedPromptRequest,
  ZStyleChooseRequest,
  ZStyleCreateRequest,
  ZStyleImage,
  ZStyleImageList,
} from '../../../shared/schemas/images.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { listImages, optimizePrompt, readImage, startImage } from './image.service.ts';
import {
  chooseStyle,
  createCustomStyle,
  listStyleImages,
  readStyleImage,
  removeStyleImage,
  uploadStyleImage,
} from './style.service.ts';

const tags = ['images'];
const zMessage = z.object({ message: z.string() });
const zAssistantUuid = z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant });
const zImageUuid = z.uuid({ error: IMAGE_MESSAGES.imageNotFound });

/** A private picture: PNG, never sniffed, never cached by shared caches. */
const sendPng = (reply: FastifyReply, data: Buffer, disposition: string) =>
  reply
    .type('image/png')
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .send(data);

/** docs/product/tasks-and-images.md: Image styles, Task and image generation; shapes in docs/decisions/016-images.md. */
export const imageRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/styleimages/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          params: z.object({ assistantUuid: zAssistantUuid }),
          response: { 200: ZStyleImageList },
        },
      },
      async (request) => listStyleImages(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/styleimage',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description:
            'multipart: file (PNG only, ≤ 10 MB, checked by its magic bytes), assistantUuid. At most 5 per assistant.',
          response: { 200: z.object({ image: ZStyleImage, message: z.string() }) },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const upload = await readSingleUpload(request, deps.config.uploadLimitBytes);
        return { image: await uploadStyleImage(deps, auth, upload), message: IMAGE_MESSAGES.styleImageUploaded };
      },
    );

    app.get(
      '/api/styleimage/:assistantUuid/:imageUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          params: z.object({ assistantUuid: zAssistantUuid, imageUuid: zImageUuid }),
          description: 'The reference as image/png.',
        },
      },
      async (request, reply) => {
        const data = await readStyleImage(
          deps,
          requireAuth(request),
          request.params.assistantUuid,
          request.params.imageUuid,
        );
        return sendPng(reply, data, 'inline');
      },
    );

    app.delete(
      '/api/styleimage/:assistantUuid/:imageUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          params: z.object({ assistantUuid: zAssistantUuid, imageUuid: zImageUuid }),
          response: { 200: zMessage },
        },
      },
      async (request) => {
        await removeStyleImage(
          deps,
          requireAuth(request),
          request.params.assistantUuid,
          request.params.imageUuid,
        );
        return { message: IMAGE_MESSAGES.styleImageDeleted };
      },
    );

    app.post(
      '/api/style/choose',
      {
        config: { access: 'edit' },
        schema: { tags, body: ZStyleChooseRequest, response: { 200: zMessage } },
      },
      async (request) => {
        await chooseStyle(deps, requireAuth(request), request.body);
        return { message: IMAGE_MESSAGES.styleSaved };
      },
    );

    app.post(
      '/api/style/create',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          body: ZStyleCreateRequest,
          description: 'Creates (or updates) the custom style from the 5 references with the image provider.',
          response: { 200: zMessage },
        },
      },
      async (request) => {
        await createCustomStyle(deps, requireAuth(request), request.body);
        return { message: IMAGE_MESSAGES.styleCreated };
      },
    );

    app.post(
      '/api/optimizedprompt',
      {
        config: { access: 'use' },
        schema: { tags, body: ZOptimizedPromptRequest, response: { 200: ZOptimizedPrompt } },
      },
      async (request) => optimizePrompt(deps, requireAuth(request), request.body),
    );

    app.post(
      '/api/createimage',
      {
        config: { access: 'use' },
        schema: {
          tags,
          body: ZCreateImageRequest,
          description:
            'Starts painting in the background; stages follow in the image room, GET /api/images lists the result.',
          response: { 200: z.object({ image: ZGeneratedImage }) },
        },
      },
      async (request) => ({ image: await startImage(deps, requireAuth(request), request.body.imageUuid) }),
    );

    app.get(
      '/api/images/:assistantUuid',
      {
        config: { access: 'use' },
        schema: {
          tags,
          params: z.object({ assistantUuid: zAssistantUuid }),
          response: { 200: ZGeneratedImageList },
        },
      },
      async (request) => listImages(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.get(
      '/image/:assistantUuid/:imageUuid',
      {
        config: { access: 'use' },
        schema: {
          tags,
          params: z.object({ assistantUuid: zAssistantUuid, imageUuid: zImageUuid }),
          querystring: z.object({ download: z.enum(['0', '1']).optional() }),
          description: 'The picture as image/png; ?download=1 as an attachment.',
        },
      },
      async (request, reply) => {
        const { data, name } = await readImage(
          deps,
          requireAuth(request),
          request.params.assistantUuid,
          request.params.imageUuid,
        );
        return sendPng(
          reply,
          data,
          request.query.download === '1' ? `attachment; filename="${name}"` : 'inline',
        );
      },
    );
  };
