import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { zId, zText } from '../../../shared/schemas/common.ts';
import {
  ZMcpItem,
  ZMcpServerAdmin,
  ZMcpServerInput,
  ZMcpServerUpdate,
  ZToggleMcp,
} from '../../../shared/schemas/tools.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import {
  createMcpServer,
  deleteMcpServer,
  findTeamsForMcp,
  listAssistantMcps,
  listTeamMcpServers,
  toggleMcp,
  updateMcpServer,
} from './mcp.service.ts';

const tags = ['mcp'];
const ZDone = z.object({ status: z.literal('success'), message: z.string() });
const ZSaved = ZDone.extend({ id: z.number().int() });

export const mcpRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/mcps/:assistantUuid/:flag',
      {
        config: { access: 'edit', stateChangingGet: "the spec's refresh: flag 1 stores each server's tool list anew" },
        schema: {
          tags,
          description:
            "The team's external tools with the assistant's switch; flag 1 fetches each server's tool list anew.",
          params: z.object({ assistantUuid: z.uuid(), flag: z.enum(['0', '1'], { error: COMMON_MESSAGES.invalidInput }) }),
          response: { 200: z.array(ZMcpItem) },
        },
      },
      async (request) =>
        listAssistantMcps(
          deps,
          requireAuth(request),
          request.params.assistantUuid,
          request.params.flag === '1',
        ),
    );

    app.post(
      '/api/togglemcp',
      { config: { access: 'edit' }, schema: { tags, body: ZToggleMcp, response: { 200: ZDone } } },
      async (request) => toggleMcp(deps, requireAuth(request), request.body),
    );

    // Support's set-up (superadmins; the operator area will host it in Insight): docs/tools.md.
    app.get(
      '/api/insight/mcpteams',
      {
        config: { access: 'superadmin' },
        schema: {
          tags,
          description: 'Teams by name for the MCP set-up (at most 20).',
          querystring: z.object({ search: zText(100).default('') }),
          response: { 200: z.array(z.object({ uuid: z.string(), name: z.string() })) },
        },
      },
      async (request) => findTeamsForMcp(deps, requireAuth(request), request.query.search),
    );

    app.get(
      '/api/insight/mcp/:teamUuid',
      {
        config: { access: 'superadmin' },
        schema: {
          tags,
          params: z.object({ teamUuid: z.uuid() }),
          response: { 200: z.array(ZMcpServerAdmin) },
        },
      },
      async (request) => listTeamMcpServers(deps, requireAuth(request), request.params.teamUuid),
    );

    app.post(
      '/api/insight/mcp',
      {
        config: { access: 'superadmin', grantsAccess: true },
        schema: {
          tags,
          description: 'Header values are stored encrypted and never returned.',
          body: ZMcpServerInput,
          response: { 200: ZSaved },
        },
      },
      async (request) => createMcpServer(deps, requireAuth(request), request.body),
    );

    app.put(
      '/api/insight/mcp',
      {
        config: { access: 'superadmin', grantsAccess: true },
        schema: {
          tags,
          description: 'A header sent without value keeps its stored value.',
          body: ZMcpServerUpdate,
          response: { 200: ZSaved },
        },
      },
      async (request) => updateMcpServer(deps, requireAuth(request), request.body),
    );

    app.delete(
      '/api/insight/mcp',
      {
        config: { access: 'superadmin' },
        schema: { tags, body: z.object({ teamUuid: z.uuid(), mcpId: zId() }), response: { 200: ZDone } },
      },
      async (request) => deleteMcpServer(deps, requireAuth(request), request.body.teamUuid, request.body.mcpId),
    );
  };
