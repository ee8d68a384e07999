// Builds the client (office, public chat, sign-in pages) into dist/client — only when its inputs
// changed since the last build, so that `npm start` restarts in about a second.
//   node scripts/build-client.ts           build if out of date (npm start)
//   node scripts/build-client.ts --force   always build (npm run build)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the three Vite builds read, besides node_modules (which package-lock.json stands for). */
export const CLIENT_INPUTS = [
  'index.html',
  'chat.html',
  'auth.html',
  'vite.config.ts',
  'vite.chat.config.ts',
  'vite.auth.config.ts',
  'scripts/light-entry-config.ts',
  'scripts/precompress-plugin.ts',
  'scripts/early-requests-plugin.ts',
  'scripts/first-load-chunks.ts',
  'package-lock.json',
  'public',
  'src/client',
  'src/shared',
];
export const VITE_CONFIGS = ['vite.config.ts', 'vite.chat.config.ts', 'vite.auth.config.ts'];
/** Files every build leaves in dist/client; a build that lacks one is not a build. */
const OUTPUTS = ['index.html', 'chat.html', 'auth.html', 'embed.js'];
const STAMP = 'dist/.client-build.json';

function listFiles(root: string, rel: string, out: string[]) {
  const abs = path.join(root, rel);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) listFiles(root, path.posix.join(rel, name), out);
  } else if (!/\.test\.tsx?$/.test(rel)) {
    out.push(rel);
  }
}

/**
 * A hash over the names and contents of every input file. Contents, not mtimes: a checkout or a
 * copy that changes mtimes without changing code does not cost a build, and a change is never
 * missed because an mtime went backwards. Reading the ~1,000 files takes well under 100 ms.
 */
export function clientInputsHash(root: string): string {
  const files: string[] = [];
  for (const input of CLIENT_INPUTS) listFiles(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Why a build is needed, or undefined when dist/client was built from exactly these inputs. */
export function staleReason(root: string, hash = clientInputsHash(root)): string | undefined {
  const missing = OUTPUTS.find((f) => !fs.existsSync(path.join(root, 'dist/client', f)));
  if (missing) return `dist/client/${missing} fehlt`;
  let stamp: { inputs?: string };
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8')) as { inputs?: string };
  } catch {
    return 'kein Build-Stempel';
  }
  return stamp.inputs === hash ? undefined : 'Quellen geändert';
}

export function writeStamp(root: string, hash: string) {
  fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify({ inputs: hash, builtAt: new Date().toISOString() })}\n`);
}

async function main() {
  const root = process.cwd();
  const force = process.argv.includes('--force');
  const started = Date.now();
  const hash = clientInputsHash(root);
  const reason = force ? 'npm run build' : staleReason(root, hash);
  if (!reason) {
    console.log(`Client ist aktuell (dist/client), kein Build nötig (${Date.now() - started} ms).`);
    return;
  }
  // One progress line instead of Vite's file listing (about 170 lines before the start banner);
  // warnings and errors still print. --verbose shows Vite's full log.
  const verbose = process.argv.includes('--verbose');
  const progress = (text: string) => (process.stdout.isTTY && !verbose ? process.stdout.write(text) : console.log(text.trim()));
  progress(`Baue den Client (${reason}), einmalig nach jeder Änderung …`);
  // The stamp goes first: a failed build must not look current.
  fs.rmSync(path.join(root, STAMP), { force: true });
  const { build } = await import('vite');
  for (const [i, configFile] of VITE_CONFIGS.entries()) {
    await build({ configFile: path.join(root, configFile), ...(verbose ? {} : { logLevel: 'warn' as const }) });
    progress(` ${i + 1}/${VITE_CONFIGS.length}`);
  }
  // The hash of the inputs as they were when the build began: a change made during it builds again.
  writeStamp(root, hash);
  progress(` fertig (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
