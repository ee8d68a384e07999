import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import type { Deps } from '../../platform/deps.ts';
import { findPublishedAssistant } from '../assistants/index.ts';
import { frameAncestors } from './embedding.ts';

/**
 * The public chat page /chat/{uuid}: its own small client bundle (chat.html). Which websites may
 * embed it is enforced by the browser through CSP frame-ancestors, built from the assistant's
 * allowed domains (empty list: any website may embed a published assistant).
 */
export const publicChatRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const page = async () => {
      for (const name of ['chat.html', 'index.html']) {
        const html = await fs.readFile(path.join(deps.config.clientDir, name), 'utf8').catch(() => undefined);
        if (html) return html;
      }
      return undefined;
    };

    const handler = async (uuid: string | undefined) => {
      const assistant = uuid && z.uuid().safeParse(uuid).success ? await findPublishedAssistant(deps, uuid) : undefined;
      return { html: await page(), ancestors: frameAncestors(assistant?.allowedDomains ?? '') };
    };

    app.get(
      '/chat/:assistantUuid?',
      { config: { access: 'public' }, schema: { hide: true, params: z.object({ assistantUuid: z.string().max(64).optional() }) } },
      async (request, reply) => {
        const { html, ancestors } = await handler(request.params.assistantUuid);
        if (!html) return reply.code(404).send({ error: 'Nicht gefunden.' });
        reply.removeHeader('x-frame-options');
        const csp = String(reply.getHeader('content-security-policy') ?? '').replace(
          /frame-ancestors [^;]*/,
          `frame-ancestors ${ancestors}`,
        );
        return reply
          .header('content-security-policy', csp)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
  };
