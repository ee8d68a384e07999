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
const PROOF_TYPES = /\bThreadAccess\b/;

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
