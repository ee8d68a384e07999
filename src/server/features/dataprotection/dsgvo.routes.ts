import { zId } from '../../../shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { DATA_PROTECTION_MESSAGES } from '../../../shared/messages.ts';
import {
  ZDataprotectionAudit,
  ZErased,
  ZExportCreated,
  ZExportList,
  ZExportRequest,
  ZOwnThreadDelete,
  ZRetentionRequest,
  ZRetentionResponse,
  ZVisitorQuery,
  ZVisitorThreadList,
} from '../../../shared/schemas/dataprotection.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';
import { requireAuth } from '../../platform/session.ts';
import { listDataprotectionAudit } from './dataprotection-audit.ts';
import { deleteOwnThread, eraseUser, eraseVisitorThread, findVisitorThreads } from './erasure.ts';
import { listOwnExports, openExportDownload, requestExport } from './exports.ts';
import { buildProcessingRecord, renderRecordMarkdown, renderRecordPdf } from './processing-record.ts';
import { getRetention, saveRetention } from './retention.ts';

const tags = ['dataprotection'];
const ZSuccess = z.object({ status: z.literal('success'), message: z.string() });

/** The DSGVO toolkit (docs/dataprotection.md): admins only, except the visitor's own deletion. */
export const dsgvoRoutes =
  (deps: Deps, owners: PrivateFolderOwner[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dataprotection/retention',
      { config: { access: 'admin' }, schema: { tags, description: 'Retention of conversations and the last nightly run.', response: { 200: ZRetentionResponse } } },
      async (request) => getRetention(deps, requireAuth(request)),
    );
    app.put(
      '/api/dataprotection/retention',
      {
        config: { access: 'admin', validationMessage: DATA_PROTECTION_MESSAGES.retentionInvalid },
        schema: { tags, description: 'Days (30, 90, 180, 365) or null (unlimited), for members and visitors.', body: ZRetentionRequest, response: { 200: ZSuccess } },
      },
      async (request) => saveRetention(deps, requireAuth(request), request.body),
    );

    app.post(
      '/api/dataprotection/exports',
      {
        config: { access: 'admin' },
        schema: { tags, description: 'Starts an export job (team, one user, one visitor thread); a mail follows when ready.', body: ZExportRequest, response: { 200: ZExportCreated } },
      },
      async (request) => requestExport(deps, requireAuth(request), request.body),
    );
    app.get(
      '/api/dataprotection/exports',
      { config: { access: 'admin' }, schema: { tags, description: "The caller's own exports, newest first.", response: { 200: ZExportList } } },
      async (request) => ({ exports: await listOwnExports(deps, requireAuth(request)) }),
    );
    app.get(
      '/api/dataprotection/exports/:uuid/download',
      {
        config: { access: 'admin', stateChangingGet: 'records who downloaded a personal-data export in the audit log (accountability, Art. 5 (2) DSGVO)' },
        schema: { tags, description: 'The ZIP; only for the admin who asked, until it expires.', params: z.object({ uuid: z.uuid({ error: DATA_PROTECTION_MESSAGES.exportNotFound }) }) },
      },
      async (request, reply) => {
        const { data, fileName } = await openExportDownload(deps, requireAuth(request), request.params.uuid);
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .send(data);
      },
    );

    app.delete(
      '/api/dataprotection/users/:uuid',
      {
        config: { access: 'admin' },
        schema: { tags, description: 'Erases a user with all their conversations, files and mails.', params: z.object({ uuid: z.uuid({ error: DATA_PROTECTION_MESSAGES.userNotFound }) }), response: { 200: ZErased } },
      },
      async (request) => eraseUser(deps, owners, requireAuth(request), request.params.uuid),
    );

    app.get(
      '/api/dataprotection/visitor-threads',
      {
        config: { access: 'admin', validationMessage: DATA_PROTECTION_MESSAGES.visitorQueryInvalid },
        schema: { tags, description: "Finds a visitor's conversations by thread number or contact-form e-mail.", querystring: ZVisitorQuery, response: { 200: ZVisitorThreadList } },
      },
      async (request) => ({ threads: await findVisitorThreads(deps, requireAuth(request), request.query.q) }),
    );
    app.delete(
      '/api/dataprotection/visitor-threads/:threadId',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          description: "Erases a visitor's conversation with its files, submissions and mails.",
          params: z.object({ threadId: zId(DATA_PROTECTION_MESSAGES.threadNotFound) }),
          response: { 200: ZErased },
        },
      },
      async (request) => eraseVisitorThread(deps, owners, requireAuth(request), request.params.threadId),
    );

    app.delete(
      '/api/dataprotection/thread',
      {
        config: { access: 'visitor', validationMessage: DATA_PROTECTION_MESSAGES.threadNotFound },
        schema: { tags, description: 'The holder of the thread token deletes the conversation on the server.', body: ZOwnThreadDelete, response: { 200: ZErased } },
      },
      async (request) => deleteOwnThread(deps, owners, request.auth, request.body),
    );

    app.get(
      '/api/dataprotection/record/:format',
      {
        config: { access: 'admin' },
        schema: { tags, description: 'The record of processing activities as PDF or Markdown.', params: z.object({ format: z.enum(['pdf', 'md'], { error: DATA_PROTECTION_MESSAGES.recordFormatInvalid }) }) },
      },
      async (request, reply) => {
        const record = await buildProcessingRecord(deps, requireAuth(request));
        const day = record.generatedAt.toISOString().slice(0, 10);
        reply.header('Cache-Control', 'private, no-store');
        if (request.params.format === 'md') {
          return reply
            .type('text/markdown; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="Verarbeitungsverzeichnis-${day}.md"`)
            .send(renderRecordMarkdown(record));
        }
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="Verarbeitungsverzeichnis-${day}.pdf"`)
          .send(await renderRecordPdf(record));
      },
    );

    app.get(
      '/api/dataprotection/audit',
      { config: { access: 'admin' }, schema: { tags, description: 'Exports, erasures and retention runs of the team (newest first).', response: { 200: ZDataprotectionAudit } } },
      async (request) => ({ entries: await listDataprotectionAudit(deps, requireAuth(request)) }),
    );
  };
