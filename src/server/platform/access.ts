import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './app-error.ts';
import type { Deps } from './deps.ts';
import type { AuthContext } from './session.ts';
import { COMMON_MESSAGES, INSIGHT_MESSAGES } from '../../shared/messages.ts';

/**
 * Every route declares who may call it (`config.access`), and ONE hook enforces the coarse part
 * (is there a session, which role). Services repeat it and add the object rights as their first
 * call, `requireAccess` below (a Mika's use or edit right, a conversation's token …). A new kind of access (an API key, a signed webhook, a live-login
 * session) is one more entry in ACCESS_RULES with its own check and CSRF policy.
 */
export interface AccessRule {
  /** What the rule means (docs/security.md shows this table). */
  description: string;
  /** The coarse check made before the body is read; throws the German AppError. */
  check(request: FastifyRequest): void;
  /**
   * When a state-changing call must echo the CSRF token: `session` when it carries a session
   * cookie (an anonymous call has nothing to forge), `always`, or `never` (the kind authenticates
   * by something a browser does not send on its own, e.g. a signature).
   */
  csrf: 'session' | 'always' | 'never';
}

/**
 * The one permission table (decision 029): who may act, in one place. Three parts, read by the
 * routes and the services alike:
 * - ROLE_PERMISSIONS: what a person's role allows (`anyone`, `member`, `admin`, `owner`,
 *   `superadmin` — the live-login rule is part of `superadmin`; routes that mint access are
 *   refused during a live login by `assertNoLiveGrant`);
 * - OBJECT_PERMISSIONS: rights on one object (a Mika, a conversation, a file …): declared here with
 *   what they mean, checked by the feature that owns the object (`provideObjectRule`), which also
 *   declares the reference it takes and the proof it returns (augmenting `ObjectPermissions`);
 * - ACCESS_RULES below: the route kinds, each the coarse half of one of the above.
 * A service function that acts for someone calls `requireAccess` first — a role check returns the
 * caller, an object check returns the object as the proof of access.
 */
export const ROLE_PERMISSIONS = {
  anyone: () => true,
  member: (auth: AuthContext) => Boolean(auth),
  admin: (auth: AuthContext) => auth.user.isAdmin,
  owner: (auth: AuthContext) => auth.user.role === 'owner',
  superadmin: (auth: AuthContext) => auth.user.isSuperadmin && !auth.live,
} as const satisfies Record<string, (auth: AuthContext) => boolean>;
export type RolePermission = Exclude<keyof typeof ROLE_PERMISSIONS, 'anyone'>;

/**
 * Rights on one object. Each owning feature augments this interface with its entries
 * (`{ ref: what identifies the object; proof: what the check returns }`) next to its rule.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ObjectPermissions {}
export type ObjectPermission = keyof ObjectPermissions;

/** What every object permission means (docs/security.md shows this table). */
export const OBJECT_PERMISSIONS: Record<ObjectPermission, string> = {
  'assistant.use':
    'the use right on a Mika: a Mika of the caller\'s team or a default Mika, and the use right on it (plans with rights; admins always); a trial that ended or a team over its limits refuses',
  'assistant.edit':
    'the edit right on a Mika: as above with the edit right (admins for their team\'s Mikas; default Mikas only the operator); a trial that ended refuses',
  thread:
    'a conversation: its own signed-in member, or whoever holds its token (a visitor of a public chat); another team\'s conversation does not exist',
  'knowledge.file': 'a knowledge file, through the edit right on the Mika it belongs to',
  'knowledge.website': 'a crawled website, through the edit right on the Mika it belongs to',
  'asset.file': 'a file of a Mika\'s file tool, through the edit right on the Mika it belongs to',
  'image.own': 'a generated picture: only the member who made it, with the use right on its Mika',
  'team.user': 'a person of the caller\'s team: an admin for everyone, a member for themself; another team\'s person does not exist',
};

type ObjectRule<K extends ObjectPermission> = (
  deps: Deps,
  auth: AuthContext | null,
  ref: ObjectPermissions[K]['ref'],
) => Promise<ObjectPermissions[K]['proof']>;
const objectRules = new Map<ObjectPermission, ObjectRule<ObjectPermission>>();

/** The owning feature's check of an object permission (once, at module load of its front door). */
export function provideObjectRule<K extends ObjectPermission>(permission: K, rule: ObjectRule<K>): void {
  objectRules.set(permission, rule as unknown as ObjectRule<ObjectPermission>);
}

/** The declared object permissions that no feature checks (the app refuses to start with any). */
export function unprovidedObjectPermissions(): string[] {
  return Object.keys(OBJECT_PERMISSIONS).filter((p) => !objectRules.has(p as ObjectPermission));
}

/**
 * The first line of a service function that acts for someone. With a role: throws the German
 * 401/403 unless the caller holds it and returns the caller (`anyone` declares a call open to
 * everyone, e.g. sign-in; a third argument replaces the 403's German message where a screen has its
 * own). With an object permission: resolves the object through its owner's
 * rule and returns it as the proof of access (404 for what the caller may not see, 403 for what
 * they see but may not do).
 */
export function requireAccess(auth: AuthContext | null | undefined, permission: 'anyone'): AuthContext | null;
export function requireAccess(auth: AuthContext | null | undefined, permission: RolePermission, refusal?: string): AuthContext;
export function requireAccess<K extends ObjectPermission>(
  auth: AuthContext | null | undefined,
  permission: K,
  ref: ObjectPermissions[K]['ref'],
  deps: Deps,
): Promise<ObjectPermissions[K]['proof']>;
export function requireAccess(
  auth: AuthContext | null | undefined,
  permission: RolePermission | 'anyone' | ObjectPermission,
  ref?: unknown,
  deps?: Deps,
): AuthContext | null | Promise<unknown> {
  if (permission === 'anyone') return auth ?? null;
  if (permission in ROLE_PERMISSIONS) {
    if (!auth) throw new AppError('UNAUTHENTICATED', COMMON_MESSAGES.unauthenticated);
    if (permission === 'superadmin' && auth.live) throw new AppError('FORBIDDEN', INSIGHT_MESSAGES.liveLoginNested);
    if (!ROLE_PERMISSIONS[permission as RolePermission](auth)) throw new AppError('FORBIDDEN', typeof ref === 'string' ? ref : COMMON_MESSAGES.forbidden);
    return auth;
  }
  const rule = objectRules.get(permission as ObjectPermission);
  if (!rule || !deps) throw new Error(`no rule for the object permission ${permission}`);
  return rule(deps, auth ?? null, ref as never);
}

const signedIn = (request: FastifyRequest): AuthContext => requireAccess(request.auth, 'member');
const requireRole = (permission: RolePermission) => (request: FastifyRequest) => {
  requireAccess(request.auth, permission);
};

export const ACCESS_RULES = {
  public: { description: 'anyone, with or without a session', check: () => undefined, csrf: 'session' },
  visitor: {
    description: 'anyone holding the thread token (the `thread` object permission, checked by the service); a session is optional',
    check: () => undefined,
    csrf: 'session',
  },
  member: { description: 'any signed-in user of a team', check: signedIn, csrf: 'session' },
  use: { description: 'signed in; the use right on the assistant (`assistant.use`) is checked by the service', check: signedIn, csrf: 'session' },
  edit: { description: 'signed in; the edit right on the assistant (`assistant.edit`) is checked by the service', check: signedIn, csrf: 'session' },
  admin: { description: 'an administrator of the team', check: requireRole('admin'), csrf: 'session' },
  owner: { description: 'the owner of the team', check: requireRole('owner'), csrf: 'session' },
  superadmin: { description: 'an operator (superadmin), not during a live login', check: requireRole('superadmin'), csrf: 'session' },
  apikey: {
    description: 'an API key of the team in `Authorization: Bearer` (checked by the service; OpenAI-style errors); no session, no CSRF',
    check: () => undefined,
    csrf: 'never',
  },
  stripe: {
    description: 'Stripe: the `Stripe-Signature` over the raw body is verified by the service (300 s tolerance); no session, no CSRF',
    check: () => undefined,
    csrf: 'never',
  },
} as const satisfies Record<string, AccessRule>;

export type AccessKind = keyof typeof ACCESS_RULES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; see ACCESS_RULES. Every route must declare it. */
    access?: AccessKind;
    /** Sign-in calls: check CSRF even without a session (login CSRF). */
    csrf?: 'always';
    /**
     * A GET that changes stored state, with the reason (docs/security.md, decision 027). Such a
     * route refuses a cross-site request (`Sec-Fetch-Site: cross-site`); every other GET changes
     * nothing (tested by the access matrix).
     */
    stateChangingGet?: string;
    /**
     * The route creates, reveals or changes something that grants access (a user with a password
     * or an invitation, an API key, a reset or invitation link, an e-mail address, MCP
     * credentials). Refused during a live login, whatever the rule: support leaves nothing behind.
     */
    grantsAccess?: true;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: AccessKind | undefined;
  /** Refused during a live login (config.grantsAccess). */
  grantsAccess: boolean;
  /** Why this GET changes state (see FastifyContextConfig.stateChangingGet). */
  stateChangingGet?: string;
}

/**
 * A state-changing GET from another site: a browser says so in Sec-Fetch-Site (a plain link or a
 * redirect from a foreign page). A navigation gets a small page of ours whose button repeats the
 * request from our own origin; anything else a German 403.
 */
function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.headers['sec-fetch-site'] !== 'cross-site') return false;
  if (request.headers['sec-fetch-mode'] === 'navigate') {
    const href = request.url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    void reply
      .code(403)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bitte bestätigen</title></head>` +
          `<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Bitte bestätigen</h1>` +
          `<p>Dieser Link wurde von einer anderen Website aus geöffnet. Zu Deiner Sicherheit führen wir ihn erst aus, wenn Du ihn hier bestätigst.</p>` +
          `<p><a href="${href}" style="display:inline-block;padding:.6rem 1.2rem;background:#2fb47a;color:#fff;border-radius:.4rem;text-decoration:none">Weiter</a></p></body></html>`,
      );
    return true;
  }
  throw new AppError('FORBIDDEN', COMMON_MESSAGES.crossSiteRefused);
}

/** The declared rule of the route that matched (never derived from the raw URL). */
export function routeAccess(request: FastifyRequest): AccessKind | undefined {
  return request.routeOptions.config.access;
}

/** Whether a state-changing call to the matched route must carry the CSRF token. */
export function csrfPolicy(request: FastifyRequest): AccessRule['csrf'] {
  const config = request.routeOptions.config;
  if (config.csrf === 'always') return 'always';
  const kind = config.access;
  return kind ? ACCESS_RULES[kind].csrf : 'always';
}

/**
 * A live login (operator support acting as the team's owner) never mints lasting access: routes
 * declared `grantsAccess` answer 403 for it, before the body is read. Services keep the finer
 * cases (PUT /api/user refuses only the e-mail/password part).
 */
export function assertNoLiveGrant(request: FastifyRequest): void {
  if (request.routeOptions.config.grantsAccess && request.auth?.live) {
    throw new AppError('FORBIDDEN', INSIGHT_MESSAGES.liveLoginGrantsAccess);
  }
}

export interface AccessRegistry {
  /** Every route with its rule: the generated matrix and fuzz tests read this list. */
  readonly routes: DeclaredRoute[];
  /**
   * Runs `register` (e.g. a third-party plugin such as static files, which takes no route config)
   * and gives each route it adds the rule `access`.
   */
  declare(access: AccessKind, register: () => Promise<unknown>): Promise<void>;
}

/**
 * Records every route with its rule, refuses to start when a route has none, and enforces the
 * coarse check on every request, before the body is read.
 */
export function registerAccess(app: FastifyInstance): AccessRegistry {
  const seen: RouteOptions[] = [];
  let declaring: AccessKind | undefined;
  app.addHook('onRoute', (route) => {
    if (declaring && !route.config?.access) route.config = { ...route.config, access: declaring };
    seen.push(route);
  });
  const list = (): DeclaredRoute[] =>
    seen.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
        method,
        url: r.url,
        access: r.config?.access,
        ...(r.config?.stateChangingGet ? { stateChangingGet: r.config.stateChangingGet } : {}),
        grantsAccess: r.config?.grantsAccess === true,
      })),
    );
  app.addHook('onReady', async () => {
    const missing = list().filter((r) => !r.access || !(r.access in ACCESS_RULES));
    if (missing.length > 0) {
      throw new Error(`Routes without an access rule: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const kind = routeAccess(request);
    // Fail closed: onReady makes this unreachable, but a route without a rule never answers.
    if (!kind) throw new AppError('FORBIDDEN', COMMON_MESSAGES.forbidden);
    if (request.routeOptions.config.stateChangingGet && refuseCrossSite(request, reply)) return reply;
    ACCESS_RULES[kind].check(request);
    assertNoLiveGrant(request);
  });
  return {
    get routes() {
      return list();
    },
    async declare(access, register) {
      declaring = access;
      try {
        await register();
      } finally {
        declaring = undefined;
      }
    },
  };
}
