import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { zToken } from '../../../shared/schemas/common.ts';
import type { Deps } from '../../platform/deps.ts';
import type { DocumentSources } from '../../platform/document-source.ts';
import { contentDisposition, readThreadDocument } from './document.service.ts';

const tags = ['documents'];

/**
 * HEAD and GET /document/{assistantUuid}/{file}?token= (docs/product/tasks-and-images.md): every kind of document
 * message, served from the source that handed it out (docs/decisions/014-assets.md).
 */
export const documentRoutes =
  (deps: Deps, sources: DocumentSources): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/document/:assistantUuid/:file',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          description:
            'A document handed out in the thread the token opens (members with the use right, visitors with the thread token). ' +
            'HEAD answers 200 or 404 without a body.',
          params: z.object({ assistantUuid: z.uuid(), file: z.string().min(1).max(255) }),
          querystring: z.object({ token: zToken().optional() }),
        },
      },
      async (request, reply) => {
        const doc = await readThreadDocument(deps, sources, request.auth, { ...request.params, token: request.query.token });
        reply
          .type(doc.contentType)
          .header('content-disposition', contentDisposition(doc.disposition, doc.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // Nothing in a document can run; Chromium shows no PDF in a sandboxed page, so PDFs go without.
          .header(
            'content-security-policy',
            doc.extension === 'pdf' ? "default-src 'none'; style-src 'unsafe-inline'" : "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          );
        return reply.send(doc.data);
      },
    );
  };
