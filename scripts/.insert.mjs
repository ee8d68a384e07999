import fs from 'node:fs'; import ts from 'typescript';
// spec: [[file, fn, text]] — inserts `text` as the first statement of the exported function fn.
const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byFile = {};
for (const [f, fn, text] of spec) (byFile[f] ??= []).push([fn, text]);
for (const [file, items] of Object.entries(byFile)) {
  const path = 'src/server/features/' + file;
  let src = fs.readFileSync(path, 'utf8');
  const sf = ts.createSourceFile(path, src, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const [fn, text] of items) {
    const st = sf.statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === fn);
    if (!st) { console.error('missing', file, fn); continue; }
    edits.push([st.body.getStart(sf) + 1, '\n  ' + text]);
  }
  edits.sort((a, b) => b[0] - a[0]);
  for (const [pos, t] of edits) src = src.slice(0, pos) + t + src.slice(pos);
  fs.writeFileSync(path, src);
}
