import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import {
  ZEmailToolRequest,
  ZEmailToolResponse,
  ZFormSwitchRequest,
  ZToggleTool,
  ZToolItem,
} from '../../../shared/schemas/tools.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { getEmailTool, listTools, saveEmailContacts, setToolActive, toggleTool } from './tool.service.ts';

const tags = ['tools'];
const ZDone = z.object({ status: z.literal('success'), message: z.string() });
const ZUuid = z.object({ assistantUuid: z.uuid() });

export const toolRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/tools/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          description: 'Every tool kind with the assistant\'s switch (docs/product/knowledge-and-tools.md: "Tool").',
          params: ZUuid,
          response: { 200: z.array(ZToolItem) },
        },
      },
      async (request) => listTools(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/toggletool',
      { config: { access: 'edit' }, schema: { tags, body: ZToggleTool, response: { 200: ZDone } } },
      async (request) => toggleTool(deps, requireAuth(request), request.body),
    );

    app.post(
      '/api/assets/formsettting',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          description:
            'The contact-form switch (spec spelling with three t). Same service as POST /api/toggletool.',
          body: ZFormSwitchRequest,
          response: { 200: ZDone },
        },
      },
      async (request) =>
        setToolActive(
          deps,
          requireAuth(request),
          request.body.assistant.uuid,
          'form',
          request.body.assistant.provides_form,
        ),
    );

    app.get(
      '/api/tool/email/:assistantUuid',
      { config: { access: 'edit' }, schema: { tags, params: ZUuid, response: { 200: ZEmailToolResponse } } },
      async (request) => getEmailTool(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/tool/email/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          description: '`properties`: the contact list `[{"name","email"}]` as a JSON string (docs/product/knowledge-and-tools.md).',
          params: ZUuid,
          body: ZEmailToolRequest,
          response: { 200: ZDone },
        },
      },
      async (request) =>
        saveEmailContacts(deps, requireAuth(request), request.params.assistantUuid, request.body.properties),
    );
  };
