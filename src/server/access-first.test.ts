import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { OBJECT_PERMISSIONS, ROLE_PERMISSIONS, unprovidedObjectPermissions } from './platform/access.ts';
import './app.ts';

// The access idiom (decision 029): every exported service function that acts for someone (it takes
// the caller — `auth`, a `caller` or the request — and reaches the data through deps or a
// database handle) calls requireAccess first: a role of the permission table or an object
// permission whose owner checks it. Exempt are only the object rules themselves (what a feature's
// *.access.ts hands to provideObjectRule) and functions that take the proof of an earlier check
// (a ThreadAccess) instead of the caller.

const FEATURES = 'src/server/features';
/** Proofs of an earlier check: a conversation's (the `thread` rule) and an API key's (`authenticate`). */
const PROOF_TYPES = /\bThreadAccess\b|\bKeyContext\b/;

/**
 * Service functions a route calls without a caller, each with what stands in for the check. Every
 * other function a route reaches data through takes the caller (and is checked above) or a proof.
 */
const OPEN_TO_ROUTES: Record<string, string> = {
  'auth/auth.service.ts:registerAccount': 'the sign-up: nobody is signed in yet; throttled per address',
  'auth/auth.service.ts:verifyEmail': 'the verification link: its one-time token is the proof',
  'auth/auth.service.ts:resetPassword': 'the reset link: its one-time token is the proof; throttled per address',
  'billing/stripe-webhook.service.ts:handleStripeWebhook': "Stripe: the signature over the raw body, verified first",
  'openai-api/v1.service.ts:authenticate': 'the API key itself: it makes the KeyContext the other calls take',
  'assistants/assistant.service.ts:findPublishedAssistant': 'a published Mika, which anyone may talk to (public chat, embed); another team\'s unpublished one is not found',
  'handoff/handoff.service.ts:isHandoffOffered': "a published Mika's public switch; the route checks `anyone` and finds the published Mika first",
};

function moduleFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(p);
    return /\.ts$/.test(e.name) && !/\.(test|routes|repository|access)\.ts$/.test(e.name) && e.name !== 'index.ts' ? [p] : [];
  });
}

/** The functions a feature's object rules are made of (imported by its *.access.ts files). */
function ruleFunctions(): Set<string> {
  const names = new Set<string>();
  for (const f of fs.readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.access.ts')) continue;
    const text = fs.readFileSync(path.join(FEATURES, f), 'utf8');
    for (const m of text.matchAll(/import \{([^}]+)\} from '\.\/[^']+\.service\.ts'/g)) {
      for (const n of m[1]!.split(',')) names.add(`${path.dirname(f)}:${n.replace(/type /, '').trim()}`);
    }
  }
  return names;
}

interface ExportedFunction {
  file: string;
  name: string;
  actsForSomeone: boolean;
  takesProof: boolean;
  first: string;
}

export function exportedFunctions(file: string, source = fs.readFileSync(file, 'utf8')): ExportedFunction[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  return sf.statements.flatMap((st) => {
    if (!ts.isFunctionDeclaration(st) || !st.body || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    const names = st.parameters.map((p) => p.name.getText(sf));
    const types = st.parameters.map((p) => p.type?.getText(sf) ?? '');
    const caller = names.some((n) => ['auth', 'caller', 'request'].includes(n)) || types.some((t) => /\bAuthContext\b|\bFastifyRequest\b/.test(t));
    const reachesData = names.some((n) => ['deps', 'db', 'tx'].includes(n));
    return [
      {
        file,
        name: st.name?.text ?? '?',
        actsForSomeone: caller && reachesData,
        takesProof: types.some((t) => PROOF_TYPES.test(t)),
        first: st.body.statements[0]?.getText(sf) ?? '',
      },
    ];
  });
}

interface RouteCall {
  route: string;
  target: string;
  name: string;
  takesCaller: boolean;
  takesProof: boolean;
  reachesData: boolean;
}

/** Where a name imported from a feature's front door is declared (its `export { … } from './x.ts'`). */
function throughFrontDoor(door: string, name: string): string | undefined {
  for (const m of fs.readFileSync(door, 'utf8').matchAll(/export \{([^}]+)\} from '(\.\/[^']+\.ts)'/g)) {
    if (m[1]!.split(',').some((n) => n.replace(/^\s*type\s+/, '').trim() === name)) return path.join(path.dirname(door), m[2]!);
  }
  return undefined;
}

/** The functions a routes file imports from its own feature's modules or another's front door, with how they are called. */
export function routeCalls(routesFile: string, source = fs.readFileSync(routesFile, 'utf8')): RouteCall[] {
  const calls: RouteCall[] = [];
  for (const m of source.matchAll(/import \{([^}]+)\} from '(\.\.?\/[^']+\.ts)'/g)) {
    const imported = path.join(path.dirname(routesFile), m[2]!);
    const door = m[2]!.startsWith('../') && path.basename(imported) === 'index.ts' && path.dirname(path.dirname(imported)) === path.normalize(FEATURES);
    if (!m[2]!.startsWith('./') && !door) continue;
    for (const raw of m[1]!.split(',')) {
      const name = raw.replace(/^\s*type\s+/, '').trim();
      const target = door ? throughFrontDoor(imported, name) : imported;
      if (!target || !fs.existsSync(target)) continue;
      const sf = ts.createSourceFile(target, fs.readFileSync(target, 'utf8'), ts.ScriptTarget.Latest, true);
      const fn = sf.statements.find((st): st is ts.FunctionDeclaration => ts.isFunctionDeclaration(st) && st.name?.text === name);
      if (!fn) continue;
      const names = fn.parameters.map((p) => p.name.getText(sf));
      const types = fn.parameters.map((p) => p.type?.getText(sf) ?? '');
      calls.push({
        route: routesFile,
        target: path.relative(FEATURES, target),
        name,
        takesCaller: names.some((n) => ['auth', 'caller', 'request'].includes(n)) || types.some((t) => /\bAuthContext\b|\bFastifyRequest\b/.test(t)),
        takesProof: types.some((t) => PROOF_TYPES.test(t)),
        reachesData: names.some((n) => ['deps', 'db', 'tx'].includes(n)),
      });
    }
  }
  return calls;
}

/**
 * For the routes of `routesFile` that declare a role (admin, owner, superadmin): the service
 * functions each handler calls with the caller, and the role their first `requireAccess` names.
 */
export function roleRouteChecks(routesFile: string, source = fs.readFileSync(routesFile, 'utf8')): { route: string; role: string; fn: string; checks: string | undefined }[] {
  const sf = ts.createSourceFile(routesFile, source, ts.ScriptTarget.Latest, true);
  const callees = new Map(routeCalls(routesFile, source).filter((c) => c.takesCaller).map((c) => [c.name, path.join(FEATURES, c.target)]));
  // `const superadmin = { access: 'superadmin' } as const` used as `config: superadmin`.
  const named = new Map<string, string>();
  const out: { route: string; role: string; fn: string; checks: string | undefined }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const access = /^\{\s*access:\s*'(\w+)'\s*\}/.exec(node.initializer.getText(sf))?.[1];
      if (access) named.set(node.name.getText(sf), access);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['get', 'post', 'put', 'delete', 'patch'].includes(node.expression.name.text) && node.arguments.length >= 3) {
      const options = node.arguments[1]!.getText(sf);
      const role = /access:\s*'(\w+)'/.exec(options)?.[1] ?? named.get(/config:\s*\{?\s*(?:\.\.\.)?(\w+)/.exec(options)?.[1] ?? '');
      if (role && ['admin', 'owner', 'superadmin'].includes(role)) {
        const called = new Set<string>();
        const inHandler = (n: ts.Node): void => {
          if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && callees.has(n.expression.text)) called.add(n.expression.text);
          ts.forEachChild(n, inHandler);
        };
        inHandler(node.arguments[node.arguments.length - 1]!);
        for (const fn of called) {
          const target = callees.get(fn)!;
          const tsf = ts.createSourceFile(target, fs.readFileSync(target, 'utf8'), ts.ScriptTarget.Latest, true);
          const decl = tsf.statements.find((st): st is ts.FunctionDeclaration => ts.isFunctionDeclaration(st) && st.name?.text === fn);
          const first = decl?.body?.statements[0]?.getText(tsf) ?? '';
          out.push({ route: `${node.arguments[0]!.getText(sf)}`, role, fn, checks: /requireAccess\([^,]+,\s*'([\w.]+)'/.exec(first)?.[1] });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const routesFiles = () =>
  fs
    .readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.routes.ts'))
    .map((f) => path.join(FEATURES, f));

/** A route's call that reaches data for a caller it was not given (neither the caller nor a proof). */
const uncheckedRouteCalls = (calls: RouteCall[]) =>
  calls.filter((c) => c.reachesData && !c.takesCaller && !c.takesProof && !OPEN_TO_ROUTES[`${c.target}:${c.name}`]).map((c) => `${c.route}: ${c.target} ${c.name}`);

const startsWithAccess = (fn: ExportedFunction) => /^(?:(?:const|let) [^=]+= )?(?:await )?(?:[\w.]+\()?(?:await )?requireAccess\(/.test(fn.first);

describe('one access idiom', () => {
  it('every exported service function that acts for someone calls requireAccess first', () => {
    const rules = ruleFunctions();
    const missing: string[] = [];
    let checked = 0;
    for (const file of moduleFiles(FEATURES)) {
      const feature = path.relative(FEATURES, file).split(path.sep)[0]!;
      for (const fn of exportedFunctions(file)) {
        if (!fn.actsForSomeone || fn.takesProof || rules.has(`${feature}:${fn.name}`)) continue;
        checked++;
        if (!startsWithAccess(fn)) missing.push(`${file}: ${fn.name} starts with "${fn.first.split('\n')[0]}"`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(100);
  });

  it('a function that forgets it is found (the check can fail)', () => {
    const file = `${FEATURES}/billing/billing.service.ts`;
    const original = exportedFunctions(file).filter((f) => f.actsForSomeone && startsWithAccess(f));
    const forgetful = exportedFunctions(file, fs.readFileSync(file, 'utf8').replace("requireAccess(auth, 'owner');\n", ''));
    expect(forgetful.filter((f) => f.actsForSomeone && startsWithAccess(f)).length).toBe(original.length - 1);
  });

  it('a route reaches data only through a service function given the caller or a proof (or one declared open)', () => {
    const calls = routesFiles().flatMap((f) => routeCalls(f));
    expect(calls.length).toBeGreaterThan(150);
    expect(uncheckedRouteCalls(calls)).toEqual([]);
    // The declared ones are still called by a route and say why.
    for (const [key, reason] of Object.entries(OPEN_TO_ROUTES)) {
      expect(calls.some((c) => `${c.target}:${c.name}` === key), `${key} is no longer called by a route: drop it`).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
    // Route handlers do no data work themselves: no routes file imports a repository or an owner's rows.
    const deep = routesFiles().filter((f) => /from '\.\/[^']+\.(repository|rows)\.ts'/.test(fs.readFileSync(f, 'utf8')));
    expect(deep).toEqual([]);
  });

  it('a route that calls a service without the caller is found (the check can fail)', () => {
    // A routes file importing a service function that reaches data but is not given the caller (as
    // the operator's provider list was, relying on the route's guard alone).
    const calls = routeCalls('tests/fixtures/access-first/things.routes.ts', "import { listThings } from './unchecked.fixture.ts';");
    expect(uncheckedRouteCalls(calls)).toEqual(['tests/fixtures/access-first/things.routes.ts: ../../../tests/fixtures/access-first/unchecked.fixture.ts listThings']);
  });

  it("a route's role is checked again by the service it calls (admin, owner, superadmin)", () => {
    const checks = routesFiles().flatMap((f) => roleRouteChecks(f).map((c) => ({ ...c, file: f })));
    expect(checks.filter((c) => c.role === 'superadmin').length).toBeGreaterThan(20);
    expect(checks.filter((c) => c.checks !== c.role).map((c) => `${c.file} ${c.route} (${c.role}): ${c.fn} checks ${c.checks ?? 'nothing first'}`)).toEqual([]);
    // The check can fail: a superadmin route whose service asks only for a member.
    const weak = roleRouteChecks(
      'tests/fixtures/access-first/things.routes.ts',
      "import { memberOnly } from './unchecked.fixture.ts';\napp.get('/api/things', { config: { access: 'superadmin' } }, async (request) => memberOnly(deps, requireAuth(request)));",
    );
    expect(weak).toEqual([{ route: "'/api/things'", role: 'superadmin', fn: 'memberOnly', checks: 'member' }]);
  });

  it('operators are checked in their services too', () => {
    const operator = ['insight/insight.service.ts', 'insight/promotion.service.ts', 'insight/live-login.ts', 'insight/team-deletion.ts', 'insight/providers.service.ts', 'billing/invoice-admin.service.ts'];
    for (const f of operator) {
      for (const fn of exportedFunctions(`${FEATURES}/${f}`)) {
        if (fn.actsForSomeone && fn.name !== 'endLiveLogin') expect(fn.first, `${f}: ${fn.name}`).toMatch(/^requireAccess\(auth, 'superadmin'\)/);
      }
    }
  });

  it('the one permission table: every object permission has its owner\'s rule, roles and objects do not collide', () => {
    expect(unprovidedObjectPermissions()).toEqual([]);
    for (const p of Object.keys(OBJECT_PERMISSIONS)) expect(p in ROLE_PERMISSIONS).toBe(false);
  });

  it('services reach objects through requireAccess, not through another feature\'s check', () => {
    // The owners' check functions are not on any front door: other features ask requireAccess.
    for (const f of fs.readdirSync(FEATURES)) {
      const door = path.join(FEATURES, f, 'index.ts');
      if (!fs.existsSync(door)) continue;
      expect(fs.readFileSync(door, 'utf8'), door).not.toMatch(/assertCan(Use|Edit)Assistant|resolveThreadAccess|findTeamUser\b/);
    }
  });
});
