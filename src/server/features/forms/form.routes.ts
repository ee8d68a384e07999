import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { PUBLIC_CHAT_MESSAGES } from '../../../shared/messages.ts';
import { ZContactFormEnvelope, ZFormInfo, ZFormSettingsRequest, ZFormSettingsResponse } from '../../../shared/schemas/public.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { getFormInfo, getFormSettings, saveFormSettings, submitContactForm } from './form.service.ts';

const tags = ['forms'];
const ZDone = z.object({ status: z.literal('success'), message: z.string() });
const ZUuid = z.object({ assistantUuid: z.uuid() });

export const formRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/forminfo/:assistantUuid', { config: { access: 'public' }, schema: { tags, params: ZUuid, response: { 200: ZFormInfo } } }, async (request) =>
      getFormInfo(deps, request.auth, request.params.assistantUuid),
    );

    app.post(
      '/api/send/form',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          description: 'Contact form payload of docs/product/public-chat-and-embed.md plus the thread token (`token`).',
          body: ZContactFormEnvelope,
          response: { 200: ZDone },
        },
      },
      async (request) => submitContactForm(deps, { auth: request.auth, ip: request.ip }, request.body),
    );

    app.get(
      '/api/tool/form/:assistantUuid',
      { config: { access: 'edit' }, schema: { tags, params: ZUuid, response: { 200: ZFormSettingsResponse } } },
      async (request) => getFormSettings(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/tool/form/:assistantUuid',
      {
        schema: { tags, params: ZUuid, body: ZFormSettingsRequest, response: { 200: ZDone } },
        // "Eingaben sind nicht valide" heads every validation answer of this form (docs/product/public-chat-and-embed.md).
        config: { access: 'edit', validationMessage: PUBLIC_CHAT_MESSAGES.formInvalid },
      },
      async (request) =>
        saveFormSettings(deps, requireAuth(request), request.params.assistantUuid, request.body.form),
    );
  };
