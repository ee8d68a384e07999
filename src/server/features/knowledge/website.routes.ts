import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { KNOWLEDGE_MESSAGES, WEBSITE_MESSAGES } from '../../../shared/messages.ts';
import { ZAddWebsiteRequest, ZWebsiteList } from '../../../shared/schemas/websites.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { addWebsite, listWebsites, removeWebsite, syncWebsite } from './website.service.ts';

const tags = ['knowledge'];
const zWebsiteParams = z.object({ uuid: z.uuid({ error: WEBSITE_MESSAGES.notFound }) });

/** docs/product/knowledge-and-tools.md "Website"; docs/knowledge.md#websites. */
export const websiteRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/knowledge/website',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          description: 'Adds a website as one knowledge source of the Mika and starts its crawl (progress in GET /api/knowledge/websites).',
          body: ZAddWebsiteRequest,
          response: { 200: z.object({ uuid: z.string(), message: z.string() }) },
        },
      },
      async (request) => ({ ...(await addWebsite(deps, requireAuth(request), request.body)), message: WEBSITE_MESSAGES.added }),
    );

    app.get(
      '/api/knowledge/websites/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          params: z.object({ assistantUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant }) }),
          response: { 200: ZWebsiteList },
        },
      },
      async (request) => listWebsites(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/knowledge/website/:uuid/sync',
      {
        config: { access: 'edit' },
        schema: { tags, params: zWebsiteParams, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => ({ message: await syncWebsite(deps, requireAuth(request), request.params.uuid) }),
    );

    app.delete(
      '/api/knowledge/website/:uuid',
      {
        config: { access: 'edit' },
        schema: { tags, params: zWebsiteParams, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => {
        await removeWebsite(deps, requireAuth(request), request.params.uuid);
        return { message: WEBSITE_MESSAGES.deleted };
      },
    );
  };
