import fs from 'node:fs'; import ts from 'typescript';
for (const file of process.argv.slice(2)) {
  let src = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
  const edits = [];
  const visit = (n) => { if (ts.isCallExpression(n) && n.expression.getText(sf) === 'requireAccess' && n.arguments.length === 3) edits.push(n.arguments[2].end); ts.forEachChild(n, visit); };
  visit(sf);
  edits.sort((a,b)=>b-a);
  for (const e of edits) src = src.slice(0,e) + ', deps' + src.slice(e);
  if (edits.length) { fs.writeFileSync(file, src); console.log(file, edits.length); }
}
