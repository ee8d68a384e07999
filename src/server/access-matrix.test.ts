// The route × role × team matrix, generated from the declared access rules: every route the app
// registers is called by every kind of caller, and the expected answer follows from the route's
// rule. A new route fails here until it has an example request below — covered by construction.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiKeys, assistants as assistantsTable, mcpServers as mcpServersTable, messages, teams, userTokens, users, type Assistant, type User } from './db/schema/index.ts';
import { Agent } from '../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, createTeam, createUser, DEFAULT_PASSWORD, grantRights, loginAs } from '../../tests/factories/index.ts';
import { makeWav, multipartBody } from '../../tests/fixtures/media.ts';
import { parseSse } from '../../tests/setup/sse.ts';
import { insertUserToken } from './features/auth/auth.repository.ts';
import { ACCESS_RULES, type AccessKind } from './platform/access.ts';
import { emailTool } from './ai/tools/email.ts';
import { dataExports, generatedImages, handoffSettings, mcpServers, styleImages, threadHandoffs, threads } from './db/schema/index.ts';
import { sha256 } from './platform/crypto.ts';
import { INSIGHT_MESSAGES } from '../shared/messages.ts';

const CALLERS = ['anonymous', 'employee', 'user', 'editor', 'admin', 'owner', 'stranger', 'live'] as const;
type Caller = (typeof CALLERS)[number];
// employee: no rights on the assistant; user: use right; editor: use + edit right (all team A).
// stranger: an admin of another team. live: an operator in a live login of team A (acts as its
// owner, but never mints, reveals or changes access: docs/security.md).

/**
 * The routes a live login may not call at all (written down here, not read from the code): they
 * create, reveal or change something that grants access. PUT /api/user renames too, so only its
 * e-mail/password part is refused (by the service); the invariant below covers every route anyway.
 */
const GRANTS_ACCESS = [
  'POST /api/user',
  'POST /api/apikeys',
  'POST /api/insight/mcp',
  'PUT /api/insight/mcp',
  'PUT /api/insight/providers',
  // Public, but a live login does not ask for or use reset links either.
  'POST /api/reset',
  'POST /api/reset-password',
  'POST /api/user/:uuid/invitation',
];

/** What the coarse check answers per rule and caller (written down here, not read from the code). */
const COARSE: Record<AccessKind, Partial<Record<Caller, number>>> = {
  public: {},
  visitor: {},
  member: { anonymous: 401 },
  use: { anonymous: 401 },
  edit: { anonymous: 401 },
  admin: { anonymous: 401, employee: 403, user: 403, editor: 403 },
  owner: { anonymous: 401, employee: 403, user: 403, editor: 403, admin: 403, stranger: 403 },
  // A live login never reaches the operator area (no nested live login).
  superadmin: { anonymous: 401, employee: 403, user: 403, editor: 403, admin: 403, owner: 403, stranger: 403, live: 403 },
  // A session is no API key: every caller here has only a session.
  apikey: { anonymous: 401, employee: 401, user: 401, editor: 401, admin: 401, owner: 401, stranger: 401, live: 401 },
  // Without Stripe configured the webhook does not exist for anybody (404, see the example).
  stripe: {},
};
/** Without the use right on the published Mika a member sees its conversations but may not act. */
const LIVE_REFUSALS: Partial<Record<Caller, number>> = { employee: 403, user: 403, editor: 403 };

/** What the services' object-level checks answer on team A's assistant. */
const OBJECT_RIGHTS: Partial<Record<AccessKind, Partial<Record<Caller, number>>>> = {
  use: { employee: 403 },
  edit: { employee: 403, user: 403 },
};

interface Req {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Another session of the caller (for calls that end or replace the session). */
  agent?: Agent;
}
interface Example {
  request(caller: Caller): Req | Promise<Req>;
  /** Addresses an object of team A: another team's caller gets 404. */
  object?: boolean;
  /** The answer of an allowed caller when it is not 2xx. */
  ok?: number;
  /** Route-specific refusals by the service beyond the tables above. */
  expect?: Partial<Record<Caller, number>>;
}

let t: TestApp;
let clientDir: string;
const agents = {} as Record<Caller, Agent>;
const people = {} as Record<Exclude<Caller, 'anonymous'>, User>;
let a: Assistant;
let guide: Assistant;
let pub: Assistant;
let task: Assistant;
let visitorThread: { id: number; token: string };
let responseId: string;
let answerId: number;
let knowledgeFile: string;
let assetFile: { uuid: string; id: number };
let audioFile: string;
let logo: string;
let mcpId: number;
let img: Assistant;
let styleImage: string;
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let teamAUuid: string;
const EMAIL_TOOL_UUID = emailTool.uuid;
let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
const ip = (caller: Caller) => `10.20.${CALLERS.indexOf(caller)}.${(n % 200) + 1}`;

/** A new session of the same caller, so that logging out or registering leaves the main one alone. */
async function fresh(caller: Caller): Promise<Agent> {
  if (caller === 'anonymous') return new Agent(t.app, ip(caller));
  const agent = await loginAs(t, people[caller], DEFAULT_PASSWORD, ip(caller));
  if (caller === 'live') {
    const started = await agent.post('/api/insight/livelogin', { teamUuid: teamAUuid, reason: 'Matrix' });
    if (started.status !== 200) throw new Error(`live login failed: ${started.body}`);
  }
  return agent;
}
/** Team members address themselves, admins address the employee; strangers try team A's employee. */
const targetOf = (caller: Caller): User =>
  caller === 'admin' || caller === 'owner' || caller === 'stranger' || caller === 'anonymous' || caller === 'live'
    ? people.employee
    : people[caller];

const validAssistant = {
  type: 'chat',
  name: 'Matrix-Mika',
  role: 'Du bist eine hilfsbereite Assistenz für unser Team im Vertrieb.',
  task: 'Du beantwortest Fragen. '.repeat(12),
  style: 'professionell und sachlich',
};
const thread = () => `assistantUuid=${pub.uuid}&threadId=${visitorThread.id}&token=${visitorThread.token}`;
const formSettings = { active: true, firstname: true, lastname: true, company: false, email: true, phone: false, notes: false, send_to: 'vertrieb@example.com', send_to_user: false };

const EXAMPLES: Record<string, Example> = {
  'GET /api/docs/openapi.json': { request: () => ({ url: '/api/docs/openapi.json' }) },
  'GET /healthz': { request: () => ({ url: '/healthz' }) },
  'GET /readyz': { request: () => ({ url: '/readyz' }) },
  'GET /sanctum/csrf-cookie': { request: () => ({ url: '/sanctum/csrf-cookie' }) },
  'POST /api/register': {
    request: async (c) => ({
      method: 'POST',
      url: '/api/register',
      agent: await fresh(c),
      payload: { name: 'Neues Team', email: `neu-${unique()}@example.com`, password: 'geheim1', password_confirmation: 'geheim1', terms: true },
    }),
  },
  'POST /api/login': {
    request: async (c) => ({ method: 'POST', url: '/api/login', agent: await fresh(c), payload: { email: people.employee.email, password: DEFAULT_PASSWORD } }),
  },
  'POST /api/logout': { request: async (c) => ({ method: 'POST', url: '/api/logout', agent: await fresh(c) }) },
  'POST /api/reset': {
    // The live login asks for a link for a real member of team A (refused); others for nobody.
    request: (c) => ({ method: 'POST', url: '/api/reset', payload: { email: c === 'live' ? people.employee.email : `niemand-${unique()}@example.com` } }),
  },
  'POST /api/reset-password': {
    request: async () => {
      const token = `matrix-reset-${unique()}`;
      await insertUserToken(t.database.db, (await createUser(t.database.db, await teamA())).id, 'reset', token, 60_000);
      return { method: 'POST', url: '/api/reset-password', payload: { token, password: 'neues-pw1', password_confirmation: 'neues-pw1' } };
    },
  },
  // Looking at a working link changes nothing and is the same for every caller.
  'GET /api/reset-password/:token': {
    request: async () => {
      const token = `matrix-peek-${unique()}`;
      await insertUserToken(t.database.db, (await createUser(t.database.db, await teamA())).id, 'invite', token, 60_000);
      return { url: `/api/reset-password/${token}` };
    },
  },
  'GET /verify-email/:token': { request: () => ({ url: '/verify-email/unbekannt-123' }), ok: 302 },
  'GET /api/user/data': { request: () => ({ url: '/api/user/data' }) },
  'GET /api/legal/:page': { request: () => ({ url: '/api/legal/agb' }) },
  'GET /api/assistants/': { request: () => ({ url: '/api/assistants/' }) },
  'GET /api/assistants/hidden': { request: () => ({ url: '/api/assistants/hidden' }) },
  // Hiding is per team: a default Mika for the team's admins (shown again: idempotent); the
  // stranger tries team A's own Mika, which does not exist for another team.
  'PUT /api/assistant/:uuid/hidden': {
    request: (c) => ({ method: 'PUT', url: `/api/assistant/${c === 'stranger' ? a.uuid : guide.uuid}/hidden`, payload: { hidden: false } }),
    object: true,
  },
  'GET /api/shop': { request: () => ({ url: '/api/shop' }) },
  // A private assistant: only its team sees it.
  'GET /api/assistant/:uuid': { request: () => ({ url: `/api/assistant/${a.uuid}` }), object: true, expect: { anonymous: 404 } },
  'GET /api/assistantdata/:uuid': { request: () => ({ url: `/api/assistantdata/${a.uuid}` }), object: true },
  'POST /api/assistant': { request: () => ({ method: 'POST', url: '/api/assistant', payload: validAssistant }) },
  'PUT /api/assistant': {
    request: () => ({ method: 'PUT', url: '/api/assistant', payload: { assistant: { uuid: a.uuid, button_color: '#123456' } } }),
    object: true,
  },
  'PUT /api/assistanttype': { request: () => ({ method: 'PUT', url: '/api/assistanttype', payload: { uuid: a.uuid, type: 'chat' } }), object: true },
  'DELETE /api/assistant/:uuid': {
    request: async () => {
      const doomed = await createAssistant(t.database.db, await teamA());
      await grantRights(t.database.db, people.editor, doomed, { canUse: true, canEdit: true });
      return { method: 'DELETE', url: `/api/assistant/${doomed.uuid}` };
    },
    object: true,
    // Deleting needs an admin, not only the edit right (decision 008).
    expect: { editor: 403 },
  },
  'POST /api/assistant/logo': {
    request: async () => {
      const png = await fs.readFile(path.join(t.config.storageDir, logo.replace('/storage/', '')));
      const { payload, contentType } = multipartBody({ assistantUuid: a.uuid }, { field: 'file', name: 'logo.png', data: png });
      return { method: 'POST', url: '/api/assistant/logo', payload, headers: { 'content-type': contentType } };
    },
    object: true,
  },
  'GET /api/capabilities': { request: () => ({ url: '/api/capabilities' }) },
  'POST /api/thread/create': { request: () => ({ method: 'POST', url: '/api/thread/create', payload: { assistantUuid: pub.uuid, public: true } }) },
  'GET /api/messages/:assistantUuid/:threadId': {
    request: () => ({ url: `/api/messages/${pub.uuid}/${visitorThread.id}?token=${visitorThread.token}` }),
  },
  'GET /api/send/stream': { request: () => ({ url: `/api/send/stream?${thread()}&message=Hallo` }) },
  'POST /api/save/stream': {
    request: () => ({ method: 'POST', url: '/api/save/stream', payload: { ...Object.fromEntries(new URLSearchParams(thread())), lastResponseId: responseId } }),
  },
  'GET /api/credits': { request: () => ({ url: '/api/credits' }) },
  'GET /api/credits/daily': { request: () => ({ url: '/api/credits/daily' }) },
  'GET /api/users': { request: () => ({ url: '/api/users' }) },
  'GET /api/user/:uuid': { request: (c) => ({ url: `/api/user/${targetOf(c).uuid}` }), object: true },
  'POST /api/user': {
    request: () => ({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Neue Person', email: `person-${unique()}@example.com`, invitation: false, password: { password: 'Sicher#2026', password_confirmation: 'Sicher#2026' } },
    }),
  },
  'PUT /api/user': {
    request: (c) => {
      const u = targetOf(c);
      return { method: 'PUT', url: '/api/user', payload: { user: { uuid: u.uuid, name: u.name, email: u.email } } };
    },
    object: true,
  },
  'DELETE /api/user': {
    request: async () => ({ method: 'DELETE', url: '/api/user', payload: { user: (await createUser(t.database.db, await teamA())).uuid } }),
    object: true,
    // A live login removes nobody's account (user.service.ts).
    expect: { live: 403 },
  },
  // A fresh invited person (no password yet) of team A per call.
  'POST /api/user/:uuid/invitation': {
    request: async () => ({
      method: 'POST',
      url: `/api/user/${(await createUser(t.database.db, await teamA(), { isVerified: false, passwordHash: null })).uuid}/invitation`,
    }),
    object: true,
  },
  'POST /api/user/:uuid/permissions': {
    request: () => ({
      method: 'POST',
      url: `/api/user/${people.employee.uuid}/permissions`,
      payload: { assistant_id: a.id, permission_type: 'can_use', value: false },
    }),
    object: true,
  },
  'GET /api/filter/main': { request: () => ({ url: '/api/filter/main' }) },
  'GET /api/filter/:assistantUuid': { request: () => ({ url: `/api/filter/${a.uuid}` }), object: true },
  'POST /api/filter': {
    request: () => ({ method: 'POST', url: '/api/filter', payload: { firstKey: a.uuid, filterString: '', protectionLevel: 0 } }),
    object: true,
  },
  'POST /api/email/support': {
    request: () => ({ method: 'POST', url: '/api/email/support', payload: { subject: 'Frage', message: 'Eine Frage zur Rechnung, bitte um Rückruf. Danke!' } }),
  },
  'GET /api/forminfo/:assistantUuid': { request: () => ({ url: `/api/forminfo/${pub.uuid}` }) },
  'POST /api/send/form': {
    request: () => ({
      method: 'POST',
      url: '/api/send/form',
      payload: { ...Object.fromEntries(new URLSearchParams(thread())), firstname: 'Petra', lastname: 'Besucherin', email: 'petra@example.com' },
    }),
  },
  'GET /api/tool/form/:assistantUuid': { request: () => ({ url: `/api/tool/form/${a.uuid}` }), object: true },
  'POST /api/tool/form/:assistantUuid': {
    request: () => ({ method: 'POST', url: `/api/tool/form/${a.uuid}`, payload: { form: formSettings } }),
    object: true,
  },
  'GET /api/tools/:assistantUuid': { request: () => ({ url: `/api/tools/${a.uuid}` }), object: true },
  'POST /api/toggletool': {
    request: () => ({ method: 'POST', url: '/api/toggletool', payload: { assistantUuid: a.uuid, toolUuid: EMAIL_TOOL_UUID, state: 0 } }),
    object: true,
  },
  'POST /api/assets/formsettting': {
    request: () => ({ method: 'POST', url: '/api/assets/formsettting', payload: { assistant: { uuid: a.uuid, provides_form: 1 } } }),
    object: true,
  },
  'GET /api/tool/email/:assistantUuid': { request: () => ({ url: `/api/tool/email/${a.uuid}` }), object: true },
  'POST /api/tool/email/:assistantUuid': {
    request: () => ({
      method: 'POST',
      url: `/api/tool/email/${a.uuid}`,
      payload: { properties: JSON.stringify([{ name: 'Anna Berger', email: 'anna.berger@example.com' }]) },
    }),
    object: true,
  },
  'GET /api/mcps/:assistantUuid/:flag': { request: () => ({ url: `/api/mcps/${a.uuid}/0` }), object: true },
  'POST /api/togglemcp': {
    request: () => ({ method: 'POST', url: '/api/togglemcp', payload: { assistantUuid: a.uuid, mcpId, state: 1 } }),
    object: true,
  },
  'GET /api/insight/mcpteams': { request: () => ({ url: '/api/insight/mcpteams?search=a' }) },
  'GET /api/insight/mcp/:teamUuid': { request: () => ({ url: `/api/insight/mcp/${teamAUuid}` }) },
  'POST /api/insight/mcp': {
    request: () => ({ method: 'POST', url: '/api/insight/mcp', payload: { teamUuid: teamAUuid, name: 'CRM', url: 'https://crm.example.com/mcp' } }),
  },
  'PUT /api/insight/mcp': {
    request: () => ({ method: 'PUT', url: '/api/insight/mcp', payload: { teamUuid: teamAUuid, mcpId, name: 'CRM', url: 'https://crm.example.com/mcp' } }),
  },
  'DELETE /api/insight/mcp': { request: () => ({ method: 'DELETE', url: '/api/insight/mcp', payload: { teamUuid: teamAUuid, mcpId } }) },
  // The operator area (issue 15): nobody of the matrix is a superadmin, so every cell is refused.
  'GET /api/insight/providers': { request: () => ({ url: '/api/insight/providers' }) },
  'PUT /api/insight/providers': {
    request: () => ({ method: 'PUT', url: '/api/insight/providers', payload: { capability: 'chat', provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'x', model: 'm' } }),
  },
  'POST /api/insight/providers/test': { request: () => ({ method: 'POST', url: '/api/insight/providers/test', payload: { capability: 'chat' } }) },
  'GET /api/insight': { request: () => ({ url: '/api/insight?search=a' }) },
  'GET /api/insight/getinsightofteam/:teamUuid': { request: () => ({ url: `/api/insight/getinsightofteam/${teamAUuid}` }) },
  'POST /api/insight/addextraitem': {
    request: () => ({ method: 'POST', url: '/api/insight/addextraitem', payload: { teamUuid: teamAUuid, qty: 1, itemType: 'user' } }),
  },
  'POST /api/insight/cancelextraitem': {
    request: () => ({ method: 'POST', url: '/api/insight/cancelextraitem', payload: { teamUuid: teamAUuid, qty: 1, itemType: 'user' } }),
  },
  'POST /api/insight/updateamountassets': {
    request: () => ({
      method: 'POST',
      url: '/api/insight/updateamountassets',
      payload: { teamUuid: teamAUuid, amountUsers: 50, amountMikas: 50, amountPublicLicences: 50 },
    }),
  },
  'POST /api/insight/applypromotioncode': {
    request: () => ({ method: 'POST', url: '/api/insight/applypromotioncode', payload: { teamUuid: teamAUuid, promotionCode: 'SOMMER' } }),
  },
  'POST /api/insight/updatesubscription': {
    request: () => ({ method: 'POST', url: '/api/insight/updatesubscription', payload: { teamUuid: teamAUuid, newPriceId: 'agency:yearly' } }),
  },
  'POST /api/insight/changetrialperiod': {
    request: () => ({ method: 'POST', url: '/api/insight/changetrialperiod', payload: { teamUuid: teamAUuid, trialEndsAt: '2099-01-01' } }),
  },
  'POST /api/insight/livelogin': { request: () => ({ method: 'POST', url: '/api/insight/livelogin', payload: { teamUuid: teamAUuid } }) },
  // The live caller ends a live login of its own, not the one the matrix keeps using.
  'POST /api/livelogin/end': { request: async (c) => ({ method: 'POST', url: '/api/livelogin/end', agent: c === 'live' ? await fresh(c) : undefined }) },
  'DELETE /api/insight/team': {
    request: () => ({ method: 'DELETE', url: '/api/insight/team', payload: { teamUuid: teamAUuid, deleteStripeCustomer: 0, softDelete: 0 } }),
  },
  'POST /api/insight/restoreteam': { request: () => ({ method: 'POST', url: '/api/insight/restoreteam', payload: { teamUuid: teamAUuid } }) },
  'GET /api/insight/audit/:teamUuid': { request: () => ({ url: `/api/insight/audit/${teamAUuid}` }) },
  'GET /api/insight/promotioncodes': { request: () => ({ url: '/api/insight/promotioncodes' }) },
  'GET /api/insight/outbox/:teamUuid': { request: () => ({ url: `/api/insight/outbox/${teamAUuid}` }) },
  'POST /api/insight/promotioncodes': {
    request: () => ({ method: 'POST', url: '/api/insight/promotioncodes', payload: { code: 'MATRIX10', percent_off: 10 } }),
  },
  'DELETE /api/insight/promotioncodes/:id': { request: () => ({ method: 'DELETE', url: '/api/insight/promotioncodes/1' }) },
  'GET /api/dataprotection/supportaccess': { request: () => ({ url: '/api/dataprotection/supportaccess' }) },
  // The DSGVO toolkit (docs/dataprotection.md).
  'GET /api/dataprotection/retention': { request: () => ({ url: '/api/dataprotection/retention' }) },
  'PUT /api/dataprotection/retention': { request: () => ({ method: 'PUT', url: '/api/dataprotection/retention', payload: { members_days: null, visitors_days: 90 } }) },
  'POST /api/dataprotection/exports': { request: () => ({ method: 'POST', url: '/api/dataprotection/exports', payload: { scope: 'team' } }) },
  'GET /api/dataprotection/exports': { request: () => ({ url: '/api/dataprotection/exports' }) },
  'GET /api/dataprotection/exports/:uuid/download': {
    // A ready export of team A asked for by the caller itself (strangers try the owner's).
    request: async (caller) => ({ url: `/api/dataprotection/exports/${await readyExportOf(caller)}/download` }),
    object: true,
  },
  'DELETE /api/dataprotection/users/:uuid': {
    request: async () => ({ method: 'DELETE', url: `/api/dataprotection/users/${(await createUser(t.database.db, await teamA())).uuid}` }),
    object: true,
  },
  'GET /api/dataprotection/visitor-threads': { request: () => ({ url: `/api/dataprotection/visitor-threads?q=${visitorThread.id}` }) },
  'DELETE /api/dataprotection/visitor-threads/:threadId': {
    request: async () => ({ method: 'DELETE', url: `/api/dataprotection/visitor-threads/${(await heldVisitorThread()).id}` }),
    object: true,
  },
  // Live hand-off (decision 044): settings need the edit right; "Live" the use right on a published Mika with hand-off on.
  'GET /api/handoff/:assistantUuid': { request: () => ({ url: `/api/handoff/${a.uuid}` }), object: true },
  'PUT /api/handoff/:assistantUuid': {
    request: () => ({ method: 'PUT', url: `/api/handoff/${a.uuid}`, payload: { enabled: false, hours: [], waitSeconds: 120, greeting: '' } }),
    object: true,
  },
  'GET /api/handoff/:assistantUuid/offer': { request: () => ({ url: `/api/handoff/${pub.uuid}/offer` }) },
  'POST /api/handoff/request': {
    request: async () => {
      const held = await heldVisitorThread();
      return { method: 'POST', url: '/api/handoff/request', payload: { assistantUuid: pub.uuid, threadId: held.id, token: held.token } };
    },
  },
  'GET /api/live/threads': { request: () => ({ url: '/api/live/threads' }) },
  'GET /api/live/threads/:threadId/messages': { request: () => ({ url: `/api/live/threads/${visitorThread.id}/messages` }), object: true, expect: LIVE_REFUSALS },
  'POST /api/live/threads/:threadId/take': {
    request: async () => ({ method: 'POST', url: `/api/live/threads/${(await heldVisitorThread()).id}/take`, payload: {} }),
    object: true,
    expect: LIVE_REFUSALS,
  },
  'POST /api/live/threads/:threadId/message': {
    request: async (c) => ({ method: 'POST', url: `/api/live/threads/${await takenThreadOf(c)}/message`, payload: { text: 'Hallo, hier ist das Team.' } }),
    object: true,
    expect: LIVE_REFUSALS,
  },
  'POST /api/live/threads/:threadId/release': {
    request: async (c) => ({ method: 'POST', url: `/api/live/threads/${await takenThreadOf(c)}/release`, payload: {} }),
    object: true,
    expect: LIVE_REFUSALS,
  },
  'DELETE /api/dataprotection/thread': {
    // Whoever holds the token deletes the conversation: every caller, signed in or not.
    request: async () => {
      const held = await heldVisitorThread();
      return { method: 'DELETE', url: '/api/dataprotection/thread', payload: { assistantUuid: pub.uuid, threadId: held.id, token: held.token } };
    },
  },
  'GET /api/dataprotection/record/:format': { request: () => ({ url: '/api/dataprotection/record/md' }) },
  'GET /api/dataprotection/audit': { request: () => ({ url: '/api/dataprotection/audit' }) },
  // Image assistants (decision 016). Without an image provider the matrix's server answers 503
  // where a picture or a custom style would have to be made.
  'GET /api/styleimages/:assistantUuid': { request: () => ({ url: `/api/styleimages/${img.uuid}` }), object: true },
  'POST /api/styleimage': {
    request: () => {
      const { payload, contentType } = multipartBody({ assistantUuid: img.uuid }, { field: 'file', name: 'stil.png', data: PNG_1PX });
      return { method: 'POST', url: '/api/styleimage', payload, headers: { 'content-type': contentType } };
    },
    object: true,
  },
  'GET /api/styleimage/:assistantUuid/:imageUuid': { request: () => ({ url: `/api/styleimage/${img.uuid}/${styleImage}` }), object: true },
  'DELETE /api/styleimage/:assistantUuid/:imageUuid': {
    // Each caller deletes a reference of its own (a row without bytes is enough to delete).
    request: async () => {
      const [row] = await t.database.db
        .insert(styleImages)
        .values({ teamId: img.teamId, assistantId: img.id, storedName: 'matrix.png', sizeBytes: 1 })
        .returning();
      return { method: 'DELETE', url: `/api/styleimage/${img.uuid}/${row!.uuid}` };
    },
    object: true,
  },
  'POST /api/style/choose': {
    request: () => ({ method: 'POST', url: '/api/style/choose', payload: { assistantUuid: img.uuid, selectedStyle: 'digital_illustration', selectedSubStyle: 'watercolor' } }),
    object: true,
  },
  'POST /api/style/create': {
    request: () => ({ method: 'POST', url: '/api/style/create', payload: { assistantUuid: img.uuid, selectedStyle: 'realistic_image' } }),
    object: true,
    ok: 503,
  },
  'POST /api/optimizedprompt': {
    request: () => ({ method: 'POST', url: '/api/optimizedprompt', payload: { assistantUuid: img.uuid, input: 'Ein Leuchtturm im Sturm' } }),
    object: true,
    ok: 503,
  },
  'POST /api/createimage': {
    // A prompted picture of the caller itself (strangers try one of team A's employee).
    request: async (caller) => ({ method: 'POST', url: '/api/createimage', payload: { imageUuid: await pictureOf(caller, 'prompted') } }),
    object: true,
    ok: 503,
  },
  'GET /api/images/:assistantUuid': { request: () => ({ url: `/api/images/${img.uuid}` }), object: true },
  'GET /image/:assistantUuid/:imageUuid': {
    request: async (caller) => ({ url: `/image/${img.uuid}/${await pictureOf(caller, 'ready')}` }),
    object: true,
  },
  'GET /api/apikeys': { request: () => ({ url: '/api/apikeys' }) },
  'POST /api/apikeys': { request: () => ({ method: 'POST', url: '/api/apikeys', payload: { name: 'Matrix-Schlüssel', scope: 'all' } }) },
  'DELETE /api/apikeys/:uuid': {
    // Each allowed caller revokes a key of its own making.
    request: async () => ({ method: 'DELETE', url: `/api/apikeys/${await createApiKeyOfTeamA()}` }),
    object: true,
  },
  // Billing (docs/billing.md). Team A has no billing address (bookings and purchases are refused) and 100 extras (cancelling one works).
  // The team's name (owner only); the owner's call is refused by validation, so team A keeps its name.
  'PUT /api/team': { request: () => ({ method: 'PUT', url: '/api/team', payload: { name: '' } }), ok: 422 },
  'GET /api/billing/address': { request: () => ({ url: '/api/billing/address' }) },
  'PUT /api/billing/address': { request: () => ({ method: 'PUT', url: '/api/billing/address', payload: { company: '' } }), ok: 422 },
  'GET /api/billing/invoices': { request: () => ({ url: '/api/billing/invoices' }) },
  'POST /api/shop/:item': { request: () => ({ method: 'POST', url: '/api/shop/mika', payload: { qty: 1 } }), ok: 403 },
  'DELETE /api/shop/:item/:qty': { request: () => ({ method: 'DELETE', url: '/api/shop/user/1' }) },
  'POST /api/offer/book': { request: () => ({ method: 'POST', url: '/api/offer/book', payload: { slug: 'solo', billingPeriod: 'monthly' } }), ok: 403 },
  'GET /api/offer/customerportal/': { request: () => ({ url: '/api/offer/customerportal/' }) },
  'GET /api/orders': { request: () => ({ url: '/api/orders' }) },
  'GET /api/invoice/:id': { request: () => ({ url: '/api/invoice/00000000-0000-4000-8000-000000000000' }), ok: 404 },
  'GET /api/invoice/:id/pdf': { request: () => ({ url: '/api/invoice/00000000-0000-4000-8000-000000000000/pdf' }), ok: 404 },
  'GET /checkout': { request: () => ({ url: '/checkout?amount=100' }), ok: 303 },
  'GET /api/checkout/preview': { request: () => ({ url: '/api/checkout/preview?amount=100' }) },
  // Team A has no billing address: the purchase answers the way to /Billing and books nothing.
  'POST /api/checkout': { request: () => ({ method: 'POST', url: '/api/checkout', payload: { amount: 10 } }) },
  'GET /api/insight/invoices': { request: () => ({ url: '/api/insight/invoices' }) },
  'POST /api/insight/invoices/:id/paid': { request: () => ({ method: 'POST', url: '/api/insight/invoices/00000000-0000-4000-8000-000000000000/paid' }) },
  'POST /api/insight/invoices/:id/cancel': {
    request: () => ({ method: 'POST', url: '/api/insight/invoices/00000000-0000-4000-8000-000000000000/cancel', payload: { reason: 'Test' } }),
  },
  // Without Stripe configured the webhook answers 404 to everybody.
  'POST /api/stripe/webhook': { request: () => ({ method: 'POST', url: '/api/stripe/webhook', payload: { id: 'evt_1' } }), ok: 404 },
  'GET /v1/models': { request: () => ({ url: '/v1/models' }) },
  'GET /v1/models/:model': { request: () => ({ url: `/v1/models/${a.uuid}` }) },
  'POST /v1/chat/completions': {
    request: () => ({ method: 'POST', url: '/v1/chat/completions', payload: { model: a.uuid, messages: [{ role: 'user', content: 'Hallo' }] } }),
  },
  'GET /api/knowledge/:assistantUuid': { request: () => ({ url: `/api/knowledge/${a.uuid}` }), object: true },
  'POST /api/knowledge': {
    request: () => {
      const { payload, contentType } = multipartBody(
        { assistantUuid: a.uuid, description: 'Öffnungszeiten des Ladens', dataProtection: '0' },
        { field: 'file', name: 'zeiten.txt', data: Buffer.from(`Wir haben montags bis freitags geöffnet (Aushang ${++knowledgeUploads}).`) },
      );
      return { method: 'POST', url: '/api/knowledge', payload, headers: { 'content-type': contentType } };
    },
    object: true,
  },
  'POST /api/knowledge/edit': {
    request: () => ({ method: 'POST', url: '/api/knowledge/edit', payload: { fileUuid: knowledgeFile, name: 'zeiten.txt', description: 'Neu' } }),
    object: true,
  },
  'POST /api/knowledge/website': {
    request: () => ({ method: 'POST', url: '/api/knowledge/website', payload: websitePayload() }),
    object: true,
  },
  'GET /api/knowledge/websites/:assistantUuid': { request: () => ({ url: `/api/knowledge/websites/${a.uuid}` }), object: true },
  'POST /api/knowledge/website/:uuid/sync': {
    request: async () => ({ method: 'POST', url: `/api/knowledge/website/${await addWebsite()}/sync` }),
    object: true,
  },
  'DELETE /api/knowledge/website/:uuid': {
    // Each allowed caller deletes a website of its own making.
    request: async () => ({ method: 'DELETE', url: `/api/knowledge/website/${await addWebsite()}` }),
    object: true,
  },
  'DELETE /api/knowledge': {
    // Each allowed caller deletes a file of its own making: the first delete must not spoil the next.
    request: async () => ({ method: 'DELETE', url: '/api/knowledge', payload: { assistantUuid: a.uuid, fileUuid: await uploadKnowledgeFile() } }),
    object: true,
  },
  'GET /api/knowledge/:assistantUuid/qa': { request: () => ({ url: `/api/knowledge/${a.uuid}/qa` }), object: true },
  // Each allowed caller changes or deletes an entry of its own making.
  'PUT /api/knowledge/:assistantUuid/qa/:entryUuid': {
    request: async () => ({ method: 'PUT', url: `/api/knowledge/${a.uuid}/qa/${await qaEntry()}`, payload: { question: 'Wann ist offen?', answer: 'Montags bis freitags.' } }),
    object: true,
  },
  'DELETE /api/knowledge/:assistantUuid/qa/:entryUuid': {
    request: async () => ({ method: 'DELETE', url: `/api/knowledge/${a.uuid}/qa/${await qaEntry()}` }),
    object: true,
  },
  'POST /api/feedback': {
    request: () => ({ method: 'POST', url: '/api/feedback', payload: { ...Object.fromEntries(new URLSearchParams(thread())), threadId: visitorThread.id, messageId: answerId, value: -1, reason: 'Falsch' } }),
  },
  'GET /api/insights': { request: () => ({ url: '/api/insights' }) },
  'GET /api/insights/:assistantUuid': { request: () => ({ url: `/api/insights/${a.uuid}?days=30` }), object: true },
  'POST /api/insights/:assistantUuid/answers': {
    request: () => ({ method: 'POST', url: `/api/insights/${a.uuid}/answers`, payload: { question: 'Wann ist offen?', answer: 'Montags bis freitags von 9 bis 17 Uhr.' } }),
    object: true,
  },
  'GET /api/assets/:assistantUuid': { request: () => ({ url: `/api/assets/${a.uuid}` }), object: true },
  'POST /api/assets': { request: () => assetUpload('/api/assets'), object: true },
  'POST /api/assets/edit': {
    request: () => ({ method: 'POST', url: '/api/assets/edit', payload: { fileUuid: assetFile.uuid, name: 'plan.png', description: 'Der Lageplan mit allen Parkplätzen' } }),
    object: true,
  },
  'DELETE /api/assets': {
    request: async () => ({ method: 'DELETE', url: '/api/assets', payload: { assistantUuid: a.uuid, fileUuid: (await uploadAssetFile()).uuid } }),
    object: true,
  },
  'GET /api/tool/asset/:assistantUuid': { request: () => ({ url: `/api/tool/asset/${a.uuid}` }), object: true },
  'POST /api/tool/asset/:assistantUuid': {
    request: async () => ({ method: 'POST', url: `/api/tool/asset/${a.uuid}`, payload: { remove: true, propertyId: (await uploadAssetFile()).id } }),
    object: true,
  },
  'POST /api/send/task': {
    request: () => ({ method: 'POST', url: '/api/send/task', payload: { assistantUuid: task.uuid, input: 'Fasse bitte unsere Lieferbedingungen für Kunden zusammen.' } }),
    object: true,
  },
  'POST /api/email/taskoutput': {
    request: () => ({ method: 'POST', url: '/api/email/taskoutput', payload: { assistant_name: task.name, output: 'Das Ergebnis der Aufgabe.', assistantUuid: task.uuid } }),
    object: true,
    // A member without the use right on the named assistant is refused by the service.
    expect: { employee: 403 },
  },
  'GET /document/:assistantUuid/:file': { request: () => ({ url: `/document/${pub.uuid}/plan.png?token=${visitorThread.token}` }) },
  'POST /api/send/audio': {
    request: () => {
      const { payload, contentType } = multipartBody(Object.fromEntries(new URLSearchParams(thread())), { field: 'audio', name: 'a.wav', data: makeWav(0.2) });
      return { method: 'POST', url: '/api/send/audio', payload, headers: { 'content-type': contentType } };
    },
    // Offline there is no transcription: every caller who gets through hears so.
    ok: 422,
  },
  'POST /api/send/msgtovoice': {
    request: () => ({ method: 'POST', url: '/api/send/msgtovoice', payload: { ...Object.fromEntries(new URLSearchParams(thread())), msgId: answerId } }),
  },
  'GET /audio/:assistantUuid/:file': { request: () => ({ url: `/audio/${pub.uuid}/${audioFile}?token=${visitorThread.token}` }) },
  'GET /chat/:assistantUuid?': { request: () => ({ url: `/chat/${pub.uuid}` }) },
  'GET /storage/*': { request: () => ({ url: logo }) },
  'GET /': { request: () => ({ url: '/' }) },
  'GET /*': { request: () => ({ url: '/embed.js' }) },
};

/** A new Q&A entry of team A's Mika (made by its owner), by uuid. */
async function qaEntry(): Promise<string> {
  const question = `Frage ${unique()}?`;
  const made = await agents.owner.post(`/api/insights/${a.uuid}/answers`, { question, answer: 'Eine Antwort.' });
  expect(made.status, made.body).toBe(200);
  const list = (await agents.owner.get(`/api/knowledge/${a.uuid}/qa`)).json<{ entries: { uuid: string; question: string }[] }>();
  return list.entries.find((e) => e.question === question)!.uuid;
}

/** A fresh visitor thread of team A's public assistant and its token. */
/** A visitor thread of team A held by the caller (a live login acts as the owner). */
async function takenThreadOf(caller: Caller): Promise<number> {
  const held = await heldVisitorThread();
  const holder = caller === 'anonymous' || caller === 'stranger' ? people.owner : caller === 'live' ? people.owner : people[caller];
  await t.database.db.insert(threadHandoffs).values({ threadId: held.id, assistantId: pub.id, takenBy: holder.id, takenByName: 'Olga', takenAt: new Date(), staffActiveAt: new Date() });
  return held.id;
}

async function heldVisitorThread() {
  const token = `matrix-${Math.random().toString(36).slice(2)}`;
  const [row] = await t.database.db
    .insert(threads)
    .values({ tokenHash: sha256(token), assistantId: pub.id, teamId: pub.teamId, isPublic: true })
    .returning();
  return { id: row!.id, token };
}

/** A ready export of team A, asked for by the caller (by team A's owner for outsiders). */
async function readyExportOf(caller: Caller): Promise<string> {
  // A live login acts as team A's owner.
  const asker = caller === 'anonymous' || caller === 'stranger' || caller === 'live' ? people.owner : people[caller];
  const storedName = await t.deps.privateFiles.put('exports', 'zip', Buffer.from('PK\x05\x06'));
  const [row] = await t.database.db
    .insert(dataExports)
    .values({ teamId: people.owner.teamId, requestedBy: asker.id, scope: 'team', label: 'Gesamtes Team', status: 'ready', storedName, readyAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return row!.uuid;
}

async function teamA() {
  const [team] = await t.database.db.select().from(teams).where(eq(teams.id, people.owner.teamId));
  return team!;
}

beforeAll(async () => {
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-matrix-client-'));
  for (const file of ['index.html', 'chat.html']) await fs.writeFile(path.join(clientDir, file), '<!doctype html><title>Mika</title>');
  await fs.writeFile(path.join(clientDir, 'embed.js'), '(function(){})();');
  t = await createTestApp({ CLIENT_DIR: clientDir, AI_OFFLINE_WORD_DELAY_MS: '0' });
  const db = t.database.db;
  const home = await createStaffedTeam(db, { plan: 'agency', amountExtraMikas: 100, amountExtraUsers: 100 });
  const other = await createStaffedTeam(db, { plan: 'agency' });
  Object.assign(people, {
    owner: home.owner,
    admin: home.admin,
    employee: home.employee,
    user: await createUser(db, home.team),
    editor: await createUser(db, home.team),
    stranger: other.admin,
    live: await createUser(db, await createTeam(db, { plan: 'agency', name: 'Mika Betrieb' }), {
      isAdmin: true,
      isSuperadmin: true,
      role: 'owner',
      name: 'Matrix Support',
    }),
  });
  teamAUuid = home.team.uuid;
  a = await createAssistant(db, home.team, { name: 'Geheimer Matrix-Mika', canTalk: true });
  guide = (await db.select().from(assistantsTable).where(eq(assistantsTable.seedKey, 'default-chat-guide')))[0]!;
  pub = await createAssistant(db, home.team, { isPublic: true, canTalk: true, form: { active: true, settings: formSettings } });
  await db.insert(handoffSettings).values({ assistantId: pub.id, teamId: home.team.id, enabled: true });
  await grantRights(db, people.user, a, { canUse: true });
  await grantRights(db, people.editor, a, { canUse: true, canEdit: true });
  img = await createAssistant(db, home.team, { name: 'Matrix-Maler', type: 'image', mainStyle: 'realistic_image' });
  await grantRights(db, people.user, img, { canUse: true });
  await grantRights(db, people.editor, img, { canUse: true, canEdit: true });
  task = await createAssistant(db, home.team, { type: 'task', name: 'Matrix-Aufgaben-Mika' });
  await grantRights(db, people.user, task, { canUse: true });
  await grantRights(db, people.editor, task, { canUse: true, canEdit: true });
  for (const caller of CALLERS) agents[caller] = await fresh(caller);
  // An external tool of team A whose list is already known (nothing is fetched in the matrix).
  const [server] = await db
    .insert(mcpServers)
    .values({ teamId: home.team.id, name: 'CRM', url: 'https://crm.example.com/mcp', refreshedAt: new Date() })
    .returning();
  mcpId = server!.id;

  const visitor = new Agent(t.app, '10.21.0.1');
  visitorThread = (await visitor.post('/api/thread/create', { assistantUuid: pub.uuid, public: true })).json();
  const { events } = parseSse((await visitor.get(`/api/send/stream?${thread()}&message=Hallo`)).body);
  const complete = events.find((e) => e.type === 'complete');
  responseId = complete.response_id;
  answerId = complete.message_id;
  // Spoken answers are served only when they belong to a message of the thread.
  const voice = await visitor.post('/api/send/msgtovoice', { ...Object.fromEntries(new URLSearchParams(thread())), msgId: complete.message_id });
  audioFile = String(voice.headers['x-audio-file']);
  knowledgeFile = await uploadKnowledgeFile();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  logo = await t.deps.storage.put('logos', 'png', png);
  assetFile = await uploadAssetFile();
  // A file handed out in the visitor thread (as the asset tool leaves it), for the document route.
  const handedOut = await uploadAssetFile(pub.uuid);
  await db.insert(messages).values({ threadId: visitorThread.id, origin: 'ai', type: 'doc', document: 'plan.png', documentSource: `asset:${handedOut.uuid}` });
  const ownerAgent = agents.owner;
  const { payload, contentType } = multipartBody({ assistantUuid: img.uuid }, { field: 'file', name: 'stil.png', data: PNG_1PX });
  const upload = await ownerAgent.request('POST', '/api/styleimage', payload, { headers: { 'content-type': contentType } });
  if (upload.status !== 200) throw new Error(`style image upload failed: ${upload.body}`);
  styleImage = upload.json().image.uuid;
});

/** A picture of the image assistant asked for by the caller (others: by team A's employee). */
async function pictureOf(caller: Caller, status: 'prompted' | 'ready'): Promise<string> {
  const user = caller === 'anonymous' || caller === 'stranger' ? people.employee : caller === 'live' ? people.owner : people[caller];
  const storedName = status === 'ready' ? await t.deps.privateFiles.put('images', 'png', PNG_1PX) : null;
  const [row] = await t.database.db
    .insert(generatedImages)
    .values({ teamId: img.teamId, assistantId: img.id, userId: user.id, description: 'Leuchtturm', prompt: 'Ein Leuchtturm', status, storedName })
    .returning();
  return row!.uuid;
}
afterAll(async () => {
  await t?.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

/** A key of team A, created by its owner. */
async function createApiKeyOfTeamA(): Promise<string> {
  const res = await agents.owner.post('/api/apikeys', { name: 'Zum Widerrufen', scope: 'all' });
  if (res.status !== 200) throw new Error(`api key failed: ${res.body}`);
  return res.json().key.uuid as string;
}

/** Each upload's own bytes: the very same bytes twice are refused as a duplicate. */
let knowledgeUploads = 0;

/** A website of team A's assistant (a `.invalid` host: its crawl fails at once, nothing leaves the machine). */
let websiteCount = 0;
const websitePayload = () => ({ assistantUuid: a.uuid, url: `https://site-${++websiteCount}.mika-test.invalid/`, maxPages: 10, interval: 'manual' });
async function addWebsite(): Promise<string> {
  const res = await agents.owner.post('/api/knowledge/website', websitePayload());
  if (res.status !== 200) throw new Error(`website failed: ${res.body}`);
  return res.json().uuid as string;
}

/** A knowledge file of team A's assistant, uploaded by its owner. */
async function uploadKnowledgeFile(): Promise<string> {
  const { payload, contentType } = multipartBody(
    { assistantUuid: a.uuid, description: 'Preise und Lieferzeiten', dataProtection: '0' },
    { field: 'file', name: 'preise.txt', data: Buffer.from(`Das Basispaket kostet 49 Euro im Monat (Fassung ${++knowledgeUploads}).`) },
  );
  const res = await agents.owner.request('POST', '/api/knowledge', payload, { headers: { 'content-type': contentType } });
  if (res.status !== 200) throw new Error(`knowledge upload failed: ${res.body}`);
  return res.json().file.uuid as string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function assetUpload(url: string, assistantUuid = a.uuid): Req {
  const { payload, contentType } = multipartBody(
    { assistantUuid, description: 'Der Lageplan unseres Büros mit Parkplätzen' },
    { field: 'file', name: 'plan.png', data: PNG },
  );
  return { method: 'POST', url, payload, headers: { 'content-type': contentType } };
}

/** An asset file of team A's assistant, uploaded by its owner. */
async function uploadAssetFile(assistantUuid = a.uuid): Promise<{ uuid: string; id: number }> {
  const req = assetUpload('/api/assets', assistantUuid);
  const res = await agents.owner.request('POST', req.url, req.payload, { headers: req.headers! });
  if (res.status !== 200) throw new Error(`asset upload failed: ${res.body}`);
  return res.json().file;
}

/**
 * What grants access to team A: its users' e-mail addresses and password hashes, unused reset,
 * invitation and verification links, live API keys, MCP servers with their credentials.
 */
async function accessGrantsOfTeamA(): Promise<Set<string>> {
  const db = t.database.db;
  const teamId = people.owner.teamId;
  const grants = new Set<string>();
  for (const u of await db.select().from(users).where(eq(users.teamId, teamId))) grants.add(`user ${u.id} ${u.email} ${u.passwordHash}`);
  for (const row of await db.select({ id: userTokens.id, usedAt: userTokens.usedAt }).from(userTokens).innerJoin(users, eq(users.id, userTokens.userId)).where(eq(users.teamId, teamId))) {
    if (!row.usedAt) grants.add(`link ${row.id}`);
  }
  for (const k of await db.select().from(apiKeys).where(eq(apiKeys.teamId, teamId))) if (!k.revokedAt) grants.add(`key ${k.id}`);
  for (const m of await db.select().from(mcpServersTable).where(eq(mcpServersTable.teamId, teamId))) grants.add(`mcp ${m.id} ${m.url} ${m.headersSecret}`);
  return grants;
}

function expectedStatus(kind: AccessKind, example: Example, caller: Caller, route: string): number | '2xx' {
  if (caller === 'live' && GRANTS_ACCESS.includes(route)) return 403;
  return (
    example.expect?.[caller] ??
    COARSE[kind][caller] ??
    (example.object && caller === 'stranger' ? 404 : undefined) ??
    OBJECT_RIGHTS[kind]?.[caller] ??
    example.ok ??
    '2xx'
  );
}

describe('route × role × team matrix', () => {
  it('every route declares a known access rule and has an example here', () => {
    const routes = t.access.routes;
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      expect(route.access, `${route.method} ${route.url} declares no access rule`).toBeDefined();
      expect(Object.keys(ACCESS_RULES), `${route.method} ${route.url}`).toContain(route.access);
      const key = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
      expect(EXAMPLES[key], `no matrix example for ${key}: add one to access-matrix.test.ts`).toBeDefined();
    }
    // Every kind of access has its expectations written down.
    for (const kind of Object.keys(ACCESS_RULES)) expect(COARSE[kind as AccessKind], kind).toBeDefined();
  });

  it('declares exactly the access-granting routes as refused during a live login', () => {
    const declared = t.access.routes.filter((r) => r.grantsAccess).map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual([...GRANTS_ACCESS].sort());
  });

  it('docs/security.md lists every route with its rule', async () => {
    const doc = await fs.readFile(path.resolve('docs/security.md'), 'utf8');
    const table = doc.slice(doc.indexOf('<!-- routes:start -->'), doc.indexOf('<!-- routes:end -->'));
    const documented = [...table.matchAll(/^\| `(\w+) ([^`]+)` \| (\w+) \|$/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    const actual = t.access.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(documented.sort()).toEqual(actual.sort());
  });

  it('answers every cell as the route’s rule says, and never shows team A’s data to others', async () => {
    const secrets = [people.owner.email, people.admin.email, people.employee.email, a.name];
    const failures: string[] = [];
    let cells = 0;
    for (const route of t.access.routes) {
      const key = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
      const example = EXAMPLES[key]!;
      for (const caller of CALLERS) {
        const req = await example.request(caller);
        const agent = req.agent ?? agents[caller];
        const method = route.method as NonNullable<Req['method']>;
        // A live login leaves no access behind, on any route.
        const watchGrants = caller === 'live';
        const grantsBefore = watchGrants ? await accessGrantsOfTeamA() : null;
        const res = await agent.request(method, req.url, req.payload, req.headers ? { headers: req.headers } : {});
        const want = expectedStatus(route.access!, example, caller, key);
        if (grantsBefore) {
          const added = [...(await accessGrantsOfTeamA())].filter((g) => !grantsBefore.has(g));
          if (added.length > 0) failures.push(`${route.method} ${route.url} during a live login added access: ${added.join(', ')}`);
          // (The operator area answers with its own "end the live login first".)
          if (route.access !== 'superadmin' && GRANTS_ACCESS.includes(key) && !res.body.includes(INSIGHT_MESSAGES.liveLoginGrantsAccess)) {
            failures.push(`${route.method} ${route.url} during a live login: not refused with the live-login message`);
          }
        }
        const ok = want === '2xx' ? res.status >= 200 && res.status < 300 : res.status === want;
        cells++;
        if (!ok) failures.push(`${route.method} ${route.url} as ${caller}: ${res.status} (expected ${want}) ${res.body.slice(0, 120)}`);
        if ((caller === 'stranger' || caller === 'anonymous') && method !== 'HEAD') {
          for (const s of secrets) if (res.body.includes(s)) failures.push(`${route.method} ${route.url} as ${caller} shows ${s}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBe(t.access.routes.length * CALLERS.length);
    // Every route adds eight calls: the matrix grows by construction and must not race the default timeout.
  }, 120_000);

  // No GET or HEAD changes stored state (docs/security.md), except the routes that declare why.
  // The spec's send and refresh calls and the verification link, plus two that write a record of
  // the call itself: the export download's audit entry and the /v1 rate limit (decision 027).
  it('only the declared GET routes change state, each with its reason; every other GET/HEAD changes no table', async () => {
    const exempt = t.access.routes.filter((r) => r.stateChangingGet && r.method === 'GET').map((r) => r.url);
    expect(exempt.sort()).toEqual(['/api/dataprotection/exports/:uuid/download', '/api/mcps/:assistantUuid/:flag', '/api/send/stream', '/v1/models', '/v1/models/:model', '/verify-email/:token']);
    const db = t.database.db;
    const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
    const tables = rows<{ name: string }>(await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).map((r) => r.name);
    // One query for all tables: row count and a hash of every row's text per table.
    const snapshotQuery = sql.raw(
      tables.map((name) => `select '${name}' as name, count(*)::int as rows, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from "${name}" x`).join(' union all '),
    );
    const snapshot = async () => new Map(rows<{ name: string; rows: number; hash: string }>(await db.execute(snapshotQuery)).map((r) => [r.name, `${r.rows}:${r.hash}`]));
    // Jobs queued by the matrix above (exports, mails) would change tables while we look: let them finish.
    const busy = async () =>
      rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from pgboss.job where state in ('created', 'active', 'retry') and start_after <= now()`))[0]!.n;
    await expect.poll(busy, { timeout: 30_000, interval: 100, message: 'jobs queued by the matrix still running' }).toBe(0);
    // Job activity: the started jobs so far, and whether one is running right now.
    const jobsStarted = async () =>
      rows<{ n: number; last: string | null; active: number }>(
        await db.execute(
          sql`select count(*) filter (where started_on is not null)::int as n, max(started_on)::text as last, count(*) filter (where state = 'active')::int as active from pgboss.job`,
        ),
      ).map((r) => (r.active > 0 ? `active:${Math.random()}` : `${r.n}:${r.last}`))[0];
    const changes: string[] = [];
    let calls = 0;
    for (const route of t.access.routes) {
      if ((route.method !== 'GET' && route.method !== 'HEAD') || route.stateChangingGet) continue;
      const example = EXAMPLES[`GET ${route.url}`]!;
      // Fixtures an example needs (a fresh session, a token) are made before the first snapshot.
      // A scheduled job (the insights' grouping, the hand-off sweep …) that ran meanwhile may have
      // written: then the route is looked at again, up to three times, as a change of its own.
      for (let attempt = 1; ; attempt++) {
        const prepared = await Promise.all(CALLERS.map(async (caller) => ({ caller, req: await example.request(caller) })));
        const jobsBefore = await jobsStarted();
        const before = await snapshot();
        for (const { caller, req } of prepared) {
          await (req.agent ?? agents[caller]).request(route.method, req.url, undefined, req.headers ? { headers: req.headers } : {});
          calls++;
        }
        const after = await snapshot();
        const changed = [...after].filter(([name, value]) => before.get(name) !== value).map(([name]) => `${route.method} ${route.url} changed ${name}`);
        if (changed.length > 0 && (await jobsStarted()) !== jobsBefore && attempt < 3) continue;
        changes.push(...changed);
        break;
      }
    }
    expect(changes).toEqual([]);
    expect(calls).toBeGreaterThan(200);
  }, 180_000);

  it('a state-changing GET refuses a cross-site request: a navigation gets a page to confirm, a fetch a 403', async () => {
    const res = await agents.anonymous.request('GET', `/api/send/stream?${thread()}&message=Hallo`, undefined, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' } });
    expect(res.status).toBe(403);
    expect(res.json().error).toBe('Diese Anfrage kam von einer fremden Website und wurde abgelehnt.');
    const link = await agents.anonymous.request('GET', '/verify-email/unbekannt-123', undefined, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } });
    expect(link.status).toBe(403);
    expect(link.body).toContain('Bitte bestätigen');
    expect(link.body).toContain('href="/verify-email/unbekannt-123"');
    // From our own pages the same calls work.
    const same = await agents.anonymous.request('GET', '/verify-email/unbekannt-123', undefined, { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' } });
    expect(same.status).toBe(302);
  });
});
