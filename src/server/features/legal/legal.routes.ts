import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEGAL_PAGES } from '../../../shared/constants.ts';
import { z } from '../../../shared/zod.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { M } from '../../../shared/messages.ts';

/**
 * Legal pages are Markdown files an operator replaces in LEGAL_DIR (default content/legal).
 * The page name comes from a fixed list, so it can never point outside that folder.
 */
export const legalRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/legal/:page',
      {
        config: { access: 'public' },
        schema: {
          tags: ['legal'],
          params: z.object({ page: z.enum(LEGAL_PAGES) }),
          response: { 200: z.object({ page: z.string(), markdown: z.string() }) },
        },
      },
      async (request) => {
        const file = path.join(deps.config.legalDir, `${request.params.page}.md`);
        const markdown = await fs.readFile(file, 'utf8').catch(() => {
          throw new AppError('NOT_FOUND', M.notFound);
        });
        return { page: request.params.page, markdown };
      },
    );
  };
