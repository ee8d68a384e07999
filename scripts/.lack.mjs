import fs from 'node:fs'; import ts from 'typescript'; import { execSync } from 'node:child_process';
const files = execSync("find src/server/features -name '*.ts' ! -name '*.test.ts' ! -name '*.routes.ts' ! -name 'index.ts'").toString().trim().split('\n');
let n=0, ok=0;
for (const file of files) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file,'utf8'), ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    if (!ts.isFunctionDeclaration(st) || !st.body || !st.modifiers?.some(m=>m.kind===ts.SyntaxKind.ExportKeyword)) continue;
    const names = st.parameters.map(p=>p.name.getText(sf));
    const types = st.parameters.map(p=>p.type?.getText(sf)??'');
    const actsFor = (names.some(x=>['auth','caller','request'].includes(x)) || types.some(t=>/AuthContext|FastifyRequest/.test(t))) && names.some(x=>['deps','db','tx'].includes(x));
    if (!actsFor) continue;
    const first = st.body.statements[0]?.getText(sf) ?? '';
    if (/requireAccess\(/.test(first.split('\n')[0])) { ok++; continue; }
    n++; console.log(`${file.replace('src/server/features/','')} ${st.name.text}: ${first.split('\n')[0].slice(0,100)}`);
  }
}
console.log('missing', n, 'ok', ok);
