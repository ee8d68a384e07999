import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import {
  ZKnowledgeDeleteRequest,
  ZKnowledgeEditRequest,
  ZKnowledgeFile,
  ZKnowledgeList,
} from '../../../shared/schemas/knowledge.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { deleteKnowledge, editKnowledge, listKnowledge, uploadKnowledge } from './knowledge.service.ts';

const tags = ['knowledge'];

/** docs/product/knowledge-and-tools.md; response shapes in docs/decisions/011-knowledge.md. */
export const knowledgeRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/knowledge/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          params: z.object({ assistantUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant }) }),
          response: { 200: ZKnowledgeList },
        },
      },
      async (request) => listKnowledge(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/knowledge',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description:
            'multipart: file (≤ 10 MB, knowledge types), assistantUuid, description, dataProtection (1/0), ' +
            'optional replaces (uuid of an uploaded file of the same Mika: it goes once this one is ready). ' +
            'The very same bytes as a file the Mika has are refused. ' +
            'Stores the file and enqueues its ingestion; progress follows in the knowledge room.',
          response: { 200: z.object({ file: ZKnowledgeFile, message: z.string() }) },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const upload = await readSingleUpload(request, deps.config.uploadLimitBytes);
        return { file: await uploadKnowledge(deps, auth, upload), message: KNOWLEDGE_MESSAGES.fileUploaded };
      },
    );

    app.post(
      '/api/knowledge/edit',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          body: ZKnowledgeEditRequest,
          response: { 200: z.object({ file: ZKnowledgeFile, message: z.string() }) },
        },
      },
      async (request) => ({
        file: await editKnowledge(deps, requireAuth(request), request.body),
        message: KNOWLEDGE_MESSAGES.updated,
      }),
    );

    app.delete(
      '/api/knowledge',
      {
        config: { access: 'edit' },
        schema: { tags, body: ZKnowledgeDeleteRequest, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => {
        await deleteKnowledge(deps, requireAuth(request), request.body);
        return { message: KNOWLEDGE_MESSAGES.fileDeleted };
      },
    );
  };
