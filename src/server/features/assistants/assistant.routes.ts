import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { ASSISTANT_MESSAGES } from '../../../shared/messages.ts';
import {
  ZAssistantDetail,
  ZAssistantHiddenRequest,
  ZAssistantHiddenResponse,
  ZAssistantPublic,
  ZAssistantSummary,
  ZAssistantTypeRequest,
  ZCreateAssistantRequest,
  ZUpdateAssistantRequest,
} from '../../../shared/schemas/assistants.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { requireAuth } from '../../platform/session.ts';
import {
  changeAssistantType,
  createAssistant,
  deleteAssistant,
  getAssistant,
  getAssistantDetail,
  listAssistants,
  setAssistantLogo,
  updateAssistant,
} from './assistant.service.ts';
import { listTeamHiddenAssistants, setAssistantHidden } from './assistant-hiding.service.ts';

const ZUuidParams = z.object({ uuid: z.uuid({ error: ASSISTANT_MESSAGES.notFound }) });
const tags = ['assistants'];

export const assistantRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/assistants/',
      { config: { access: 'member' }, schema: { tags, response: { 200: z.object({ assistants: z.array(ZAssistantSummary) }) } } },
      async (request) => ({ assistants: await listAssistants(deps, requireAuth(request)) }),
    );

    app.get(
      '/api/assistants/hidden',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          description: 'The default Mikas an admin hid for the team (not in GET /api/assistants/ for anyone of the team).',
          response: { 200: z.object({ assistants: z.array(ZAssistantSummary) }) },
        },
      },
      async (request) => ({ assistants: await listTeamHiddenAssistants(deps, requireAuth(request)) }),
    );

    app.put(
      '/api/assistant/:uuid/hidden',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          description:
            'Hides a default Mika for the whole team ({hidden: true}) or shows it again ({hidden: false}). A hidden Mika answers 404 to the team like an unknown one. Only default Mikas: a team\'s own answers 403.',
          params: ZUuidParams,
          body: ZAssistantHiddenRequest,
          response: { 200: ZAssistantHiddenResponse },
        },
      },
      async (request) => setAssistantHidden(deps, requireAuth(request), request.params.uuid, request.body.hidden),
    );

    app.get(
      '/api/assistant/:uuid',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'Without a session only published assistants answer, with their public fields.',
          params: ZUuidParams,
          response: { 200: z.union([ZAssistantSummary, ZAssistantPublic]) },
        },
      },
      async (request) => getAssistant(deps, request.auth, request.params.uuid),
    );

    app.get(
      '/api/assistantdata/:uuid',
      { config: { access: 'edit' }, schema: { tags, params: ZUuidParams, response: { 200: ZAssistantDetail } } },
      async (request) => getAssistantDetail(deps, requireAuth(request), request.params.uuid),
    );

    app.post(
      '/api/assistant',
      { config: { access: 'admin' }, schema: { tags, body: ZCreateAssistantRequest, response: { 200: z.object({ uuid: z.string() }) } } },
      async (request) => createAssistant(deps, requireAuth(request), request.body),
    );

    app.put(
      '/api/assistant',
      { config: { access: 'edit' }, schema: { tags, body: ZUpdateAssistantRequest, response: { 200: ZAssistantDetail } } },
      async (request) => updateAssistant(deps, requireAuth(request), request.body.assistant),
    );

    app.put(
      '/api/assistanttype',
      { config: { access: 'edit' }, schema: { tags, body: ZAssistantTypeRequest, response: { 200: ZAssistantDetail } } },
      async (request) => changeAssistantType(deps, requireAuth(request), request.body.uuid, request.body.type),
    );

    app.delete(
      '/api/assistant/:uuid',
      { config: { access: 'edit' }, schema: { tags, params: ZUuidParams, response: { 200: z.object({ status: z.literal('success') }) } } },
      async (request) => {
        await deleteAssistant(deps, requireAuth(request), request.params.uuid);
        return { status: 'success' as const };
      },
    );

    app.post(
      '/api/assistant/logo',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: 'multipart: file (jpg/jpeg/png, ≤ 10 MB), assistantUuid',
          response: { 200: z.object({ logo: z.string() }) },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const upload = await readSingleUpload(request, deps.config.uploadLimitBytes);
        const uuid = z.uuid().safeParse(upload.fields.assistantUuid);
        if (!uuid.success) throw new AppError('VALIDATION', ASSISTANT_MESSAGES.noAssistant);
        return setAssistantLogo(deps, auth, uuid.data, upload.file);
      },
    );
  };
