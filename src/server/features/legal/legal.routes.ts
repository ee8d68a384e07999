import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEGAL_PAGES } from '../../../shared/constants.ts';
import { z } from '../../../shared/zod.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { isTemplate, readLegalPage } from './legal.service.ts';

/**
 * Legal pages are Markdown files an operator replaces in LEGAL_DIR (default content/legal).
 * The page name comes from a fixed list, so it can never point outside that folder. Production
 * refuses to start while a page is missing or still the shipped template (startup.ts).
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
          // template: still the shipped text (only outside production; the client shows "Mustertext").
          response: { 200: z.object({ page: z.string(), markdown: z.string(), template: z.boolean() }) },
        },
      },
      async (request) => {
        const markdown = await readLegalPage(deps.config.legalDir, request.params.page);
        if (markdown === undefined) throw new AppError('NOT_FOUND', COMMON_MESSAGES.notFound);
        return { page: request.params.page, markdown, template: isTemplate(markdown) };
      },
    );
  };
