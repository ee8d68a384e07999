import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';

// The access idiom (decision 029): an exported service function that acts for someone checks the
// caller first with requireAccess (platform/access.ts, the same permission table as the routes).
// Enforced today for the operator services, which relied on the route alone; the rest of the
// services follow (issue 27).

/** Operator modules; for a module that also serves editors, its operator functions by name. */
const OPERATOR_MODULES: [string, string[]?][] = [
  ['src/server/features/insight/insight.service.ts'],
  ['src/server/features/insight/promotion.service.ts'],
  ['src/server/features/insight/live-login.ts'],
  ['src/server/features/insight/team-deletion.ts'],
  ['src/server/features/mcp/mcp.service.ts', ['findTeamsForMcp', 'listTeamMcpServers', 'createMcpServer', 'updateMcpServer', 'deleteMcpServer']],
  ['src/server/features/billing/invoice-admin.service.ts'],
];

/** Exported functions of a module: name, whether they take `auth`, and the first call of their body. */
function exportedFunctions(file: string) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return sf.statements.flatMap((st) => {
    if (!ts.isFunctionDeclaration(st) || !st.body || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    const first = st.body.statements[0];
    const call = first && ts.isExpressionStatement(first) && ts.isCallExpression(first.expression) ? first.expression.getText(sf) : '';
    return [{ name: st.name?.text ?? '?', takesAuth: st.parameters.some((p) => p.name.getText(sf) === 'auth'), first: call }];
  });
}

describe('operator services check access first', () => {
  it("every exported operator function that acts for someone starts with requireAccess(auth, 'superadmin')", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, only] of OPERATOR_MODULES) {
      for (const fn of exportedFunctions(file)) {
        if (!fn.takesAuth || (only && !only.includes(fn.name))) continue;
        checked++;
        if (fn.first !== "requireAccess(auth, 'superadmin')") missing.push(`${file}: ${fn.name} starts with "${fn.first}"`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('a function that forgets it is found (the check can fail)', () => {
    const file = 'src/server/features/insight/promotion.service.ts';
    const source = fs.readFileSync(file, 'utf8').replace("requireAccess(auth, 'superadmin');", '');
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const firsts = sf.statements.filter(ts.isFunctionDeclaration).map((st) => st.body?.statements[0]?.getText(sf) ?? '');
    expect(firsts.filter((f) => f.startsWith('requireAccess')).length).toBeLessThan(exportedFunctions(file).filter((f) => f.takesAuth).length);
  });
});
