import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { zId } from '../../../shared/schemas/common.ts';
import {
  ZApplyPromotion,
  ZAuditList,
  ZChangeTrial,
  ZDeleteTeam,
  ZExtraItem,
  ZInsightList,
  ZInsightQuery,
  ZLiveLogin,
  ZLiveLoginStarted,
  ZPromotionCode,
  ZPromotionCodeInput,
  ZRestoreTeam,
  ZTeamInsight,
  ZTeamOutbox,
  ZUpdateAmounts,
  ZUpdateSubscription,
} from '../../../shared/schemas/insight.ts';
import { ZProviderList, ZProviderTest, ZProviderTestResult, ZPutProvider } from '../../../shared/schemas/ai-providers.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { changeExtras, changeTrial, getTeamAudit, getTeamInsight, getTeamOutbox, listTeams, updateAmounts, updateSubscription } from './insight.service.ts';
import { endLiveLogin, startLiveLogin } from './live-login.ts';
import { listProviders, saveProvider, testProvider } from './providers.service.ts';
import { applyPromotion, createCode, deactivateCode, listCodes } from './promotion.service.ts';
import { deleteTeam, restoreDeletedTeam } from './team-deletion.ts';

// The operator calls of docs/product/operator-area.md and their companions (docs/operations.md, docs/api.md). Every
// route but the end of a live login is for superadmins only (access rule `superadmin`).

const tags = ['insight'];
const ZDone = z.object({ status: z.literal('success'), message: z.string() });
const superadmin = { access: 'superadmin' } as const;

export const insightRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // "KI-Anbieter": the provider per capability (docs/ai.md). Keys go in, never out.
    app.get(
      '/api/insight/providers',
      { config: superadmin, schema: { tags, description: 'The AI provider of every capability (never a key).', response: { 200: ZProviderList } } },
      async (request) => listProviders(deps, requireAuth(request)),
    );

    app.put(
      '/api/insight/providers',
      {
        config: { ...superadmin, grantsAccess: true },
        schema: {
          tags,
          description: 'Sets one capability\'s provider; `apiKey` omitted keeps the stored key. Applies on every instance without a restart.',
          body: ZPutProvider,
          response: { 200: ZProviderList.extend({ message: z.string() }) },
        },
      },
      async (request) => saveProvider(deps, requireAuth(request), request.body),
    );

    app.post(
      '/api/insight/providers/test',
      { config: superadmin, schema: { tags, description: 'One small real call with the capability\'s provider.', body: ZProviderTest, response: { 200: ZProviderTestResult } } },
      async (request) => testProvider(deps, requireAuth(request), request.body.capability),
    );

    app.get(
      '/api/insight',
      { config: superadmin, schema: { tags, description: 'All teams, 100 per page; search by team name or e-mail.', querystring: ZInsightQuery, response: { 200: ZInsightList } } },
      async (request) => listTeams(deps, requireAuth(request), request.query),
    );

    app.get(
      '/api/insight/getinsightofteam/:teamUuid',
      { config: superadmin, schema: { tags, params: z.object({ teamUuid: z.uuid() }), response: { 200: ZTeamInsight } } },
      async (request) => getTeamInsight(deps, requireAuth(request), request.params.teamUuid),
    );

    app.post(
      '/api/insight/addextraitem',
      { config: superadmin, schema: { tags, body: ZExtraItem, response: { 200: ZDone } } },
      async (request) => changeExtras(deps, requireAuth(request), request.body, 1),
    );

    app.post(
      '/api/insight/cancelextraitem',
      { config: superadmin, schema: { tags, body: ZExtraItem, response: { 200: ZDone } } },
      async (request) => changeExtras(deps, requireAuth(request), request.body, -1),
    );

    app.post(
      '/api/insight/updateamountassets',
      { config: superadmin, schema: { tags, body: ZUpdateAmounts, response: { 200: ZDone } } },
      async (request) => updateAmounts(deps, requireAuth(request), request.body.teamUuid, request.body),
    );

    app.post(
      '/api/insight/applypromotioncode',
      { config: superadmin, schema: { tags, body: ZApplyPromotion, response: { 200: ZDone } } },
      async (request) => applyPromotion(deps, requireAuth(request), request.body.teamUuid, request.body.promotionCode),
    );

    app.post(
      '/api/insight/updatesubscription',
      { config: superadmin, schema: { tags, body: ZUpdateSubscription, response: { 200: ZDone } } },
      async (request) => updateSubscription(deps, requireAuth(request), request.body.teamUuid, request.body.newPriceId),
    );

    app.post(
      '/api/insight/changetrialperiod',
      { config: superadmin, schema: { tags, body: ZChangeTrial, response: { 200: ZDone } } },
      async (request) => changeTrial(deps, requireAuth(request), request.body.teamUuid, request.body.trialEndsAt),
    );

    app.post(
      '/api/insight/livelogin',
      {
        config: superadmin,
        schema: { tags, description: 'Starts a live login as the team owner (cookie `mika_live`).', body: ZLiveLogin, response: { 200: ZLiveLoginStarted } },
      },
      async (request, reply) => startLiveLogin(deps, requireAuth(request), reply, request.body),
    );

    app.post(
      '/api/livelogin/end',
      { config: { access: 'member' }, schema: { tags, description: "Ends the live login; back to the operator's own account.", response: { 200: ZDone } } },
      async (request, reply) => endLiveLogin(deps, request, reply),
    );

    app.delete(
      '/api/insight/team',
      { config: superadmin, schema: { tags, body: ZDeleteTeam, response: { 200: ZDone } } },
      async (request) => deleteTeam(deps, requireAuth(request), request.body),
    );

    app.post(
      '/api/insight/restoreteam',
      { config: superadmin, schema: { tags, body: ZRestoreTeam, response: { 200: ZDone } } },
      async (request) => restoreDeletedTeam(deps, requireAuth(request), request.body.teamUuid),
    );

    app.get(
      '/api/insight/audit/:teamUuid',
      { config: superadmin, schema: { tags, params: z.object({ teamUuid: z.uuid() }), response: { 200: ZAuditList } } },
      async (request) => getTeamAudit(deps, requireAuth(request), request.params.teamUuid),
    );

    app.get(
      '/api/insight/outbox/:teamUuid',
      {
        config: superadmin,
        schema: { tags, description: "The team's latest mails (outbox), every link token redacted.", params: z.object({ teamUuid: z.uuid() }), response: { 200: ZTeamOutbox } },
      },
      async (request) => getTeamOutbox(deps, requireAuth(request), request.params.teamUuid),
    );

    app.get('/api/insight/promotioncodes', { config: superadmin, schema: { tags, response: { 200: z.array(ZPromotionCode) } } }, async (request) => listCodes(deps, requireAuth(request)));

    app.post(
      '/api/insight/promotioncodes',
      { config: superadmin, schema: { tags, body: ZPromotionCodeInput, response: { 200: ZDone.extend({ id: z.number().int() }) } } },
      async (request) => createCode(deps, requireAuth(request), request.body),
    );

    app.delete(
      '/api/insight/promotioncodes/:id',
      { config: superadmin, schema: { tags, params: z.object({ id: zId() }), response: { 200: ZDone } } },
      async (request) => deactivateCode(deps, requireAuth(request), request.params.id),
    );
  };
