import path from 'node:path';
import ts from 'typescript';

/**
 * Exports nothing else imports (a ts-prune of our own on the TypeScript compiler API): for every
 * exported declaration of the project, the checker resolves every import, re-export and
 * `import()` of every file to the symbols it uses. An export no other file reaches is dead code, or
 * should not be exported. Run: `node scripts/unused-exports.ts` (exit 1 when there are any);
 * tests/lint/unused-exports.test.ts keeps the list empty.
 */

/** Files whose exports a tool reads (configs, test runners, entry points): not "unused". */
const ENTRY = [
  /^[^/]+\.config\.ts$/,
  /^playwright\.config\.ts$/,
  /^eslint\.config\.js$/,
  /^src\/server\/(server|worker)\.ts$/,
  /^src\/client\/(main|early)\.tsx?$/,
  /^src\/client\/(auth|public-chat)\/main\.tsx$/,
  /^scripts\//,
  /^tests\/(e2e|fixtures|setup)\/.*(global-setup|config)\.ts$/,
  /\.test\.tsx?$/,
  /\.spec\.ts$/,
  /\.fixture\.ts$/,
  /^tests\/fixtures\/boundaries\//,
  // Read as text by tests/lint/message-groups.test.ts.
  /^tests\/fixtures\/message-groups\//,
  // Its own project: tests/lint/unused-exports.test.ts proves the check bites with it.
  /^tests\/fixtures\/unused-exports\//,
];

export interface UnusedExport {
  file: string;
  name: string;
  line: number;
  /**
   * Used inside its own file: only the `export` is superfluous. Otherwise nothing uses it at all:
   * dead code.
   */
  usedInModule: boolean;
}

export function findUnusedExports(root: string, tsconfig = 'tsconfig.json'): UnusedExport[] {
  const configPath = path.join(root, tsconfig);
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const checker = program.getTypeChecker();
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const ours = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !rel(f.fileName).startsWith('..') && !f.fileName.includes('node_modules'));

  const resolve = (symbol: ts.Symbol | undefined): ts.Symbol | undefined => {
    if (!symbol) return undefined;
    return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  const used = new Set<ts.Symbol>();
  // Modules loaded whole: `export * from`, `import * as`, and `import()` (lazy screens use default).
  const wholeModules = new Set<ts.Symbol>();

  const moduleOf = (specifier: ts.Expression) => {
    const symbol = checker.getSymbolAtLocation(specifier);
    return symbol ? resolve(symbol) : undefined;
  };

  for (const file of ours) {
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && node.importClause) {
        const clause = node.importClause;
        if (clause.name) used.add(resolve(checker.getSymbolAtLocation(clause.name))!);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const el of bindings.elements) {
            const target = resolve(checker.getSymbolAtLocation(el.name));
            if (target) used.add(target);
          }
        } else if (bindings && ts.isNamespaceImport(bindings)) {
          const m = moduleOf(node.moduleSpecifier);
          if (m) wholeModules.add(m);
        }
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        if (!node.exportClause) {
          const m = moduleOf(node.moduleSpecifier);
          if (m) wholeModules.add(m);
        } else if (ts.isNamedExports(node.exportClause)) {
          // `export { x } from './y'`: the re-export is a use of y's x (the re-exporting file's
          // own export is checked like any other).
          for (const el of node.exportClause.elements) {
            const original = checker.getExportSpecifierLocalTargetSymbol(el);
            const target = resolve(original);
            if (target) used.add(target);
          }
        }
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
        const m = moduleOf(node.arguments[0]);
        if (m) wholeModules.add(m);
      } else if (ts.isImportTypeNode(node) && node.qualifier) {
        const target = resolve(checker.getSymbolAtLocation(node.qualifier));
        if (target) used.add(target);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  // Uses of a symbol inside its own file (other than where it is declared).
  const usedInOwnFile = (file: ts.SourceFile, symbol: ts.Symbol, declaration: ts.Declaration): boolean => {
    const declaredName = ts.getNameOfDeclaration(declaration);
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isIdentifier(node) && node !== declaredName && node.text === symbol.getName()) {
        const at = checker.getSymbolAtLocation(node);
        if (at && (at === symbol || resolve(at) === symbol || checker.getExportSymbolOfSymbol(at) === symbol)) found = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    return found;
  };

  const unused: UnusedExport[] = [];
  for (const file of ours) {
    const name = rel(file.fileName);
    if (ENTRY.some((re) => re.test(name))) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol || wholeModules.has(moduleSymbol)) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = resolve(exported);
      if (!target || used.has(target) || used.has(exported)) continue;
      const decl = exported.declarations?.[0];
      // Re-exports (`export … from`, `export *`) are judged where they are declared.
      if (!decl || ts.isExportSpecifier(decl) || decl.getSourceFile() !== file) continue;
      unused.push({
        file: name,
        name: exported.getName(),
        line: file.getLineAndCharacterOfPosition(decl.getStart()).line + 1,
        usedInModule: usedInOwnFile(file, exported, decl),
      });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const unused = findUnusedExports(process.cwd());
  const dead = unused.filter((u) => !u.usedInModule);
  const all = process.argv.includes('--all');
  for (const u of all ? unused : dead) console.log(`${u.file}:${u.line}  ${u.name}${u.usedInModule ? '  (used in its module)' : ''}`);
  console.log(`${dead.length} export${dead.length === 1 ? '' : 's'} nothing uses; ${unused.length - dead.length} more used only in their own module (--all lists them)`);
  process.exitCode = dead.length > 0 ? 1 : 0;
}
