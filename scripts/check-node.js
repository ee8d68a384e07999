// Plain JavaScript on purpose: this runs before anything else (`npm start`, `npm run dev`, `.ci/run`)
// and must itself run on a Node too old for our TypeScript files, to say so instead of crashing
// with a syntax error from deep inside the server. Keep it free of newer syntax and of imports
// beyond node: builtins.
import { fileURLToPath } from 'node:url';

/**
 * The oldest Node of each release line that runs our `.ts` files: type stripping without a flag
 * came in 22.18.0 and 23.6.0 (22.12 and 23.5 fail on the first `import type`). package.json's
 * `engines` is derived from this list (a test keeps them equal).
 */
export const MINIMUM_NODE = [
  [22, 18, 0],
  [23, 6, 0],
];

/** The `engines.node` range in package.json that MINIMUM_NODE stands for. */
export function enginesRange() {
  return MINIMUM_NODE.map(function (v, i) {
    return (i === MINIMUM_NODE.length - 1 ? '>=' : '^') + v.join('.');
  }).join(' || ');
}

function parse(version) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version).trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function atLeast(v, min) {
  for (let i = 0; i < 3; i++) {
    if (v[i] !== min[i]) return v[i] > min[i];
  }
  return true;
}

/**
 * Undefined when `version` (e.g. process.version) runs Mika, otherwise the message to print:
 * German first (the product's language), then English.
 */
export function nodeVersionProblem(version) {
  const v = parse(version);
  // The release line's entry: the last one whose major is not above the version's.
  let line = -1;
  for (let i = 0; i < MINIMUM_NODE.length; i++) if (v && MINIMUM_NODE[i][0] <= v[0]) line = i;
  if (v && line >= 0) {
    const min = MINIMUM_NODE[line];
    // A later major than the last listed line runs everything; a major between lines does not.
    if (v[0] === min[0] ? atLeast(v, min) : line === MINIMUM_NODE.length - 1) return undefined;
  }
  const need = MINIMUM_NODE[0].join('.');
  const later = MINIMUM_NODE.slice(1).map(function (m) {
    return m[0] + '.x ab ' + m.join('.');
  });
  const laterEn = MINIMUM_NODE.slice(1).map(function (m) {
    return m[0] + '.x from ' + m.join('.');
  });
  return [
    `Mika braucht Node.js ${need} oder neuer (${later.join(', ')}; empfohlen: Node.js 24 LTS); gefunden: ${version}.`,
    `Mika needs Node.js ${need} or newer (${laterEn.join(', ')}; recommended: Node.js 24 LTS); found: ${version}.`,
    'Ältere Versionen können die TypeScript-Dateien des Servers nicht ausführen. / Older versions cannot run the server\'s TypeScript files.',
    'Download: https://nodejs.org/  ·  nvm: nvm install 24',
  ].join('\n');
}

// Run as a script: exit 1 with the message on an unsuitable Node; `--quiet` prints nothing (.ci/run).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problem = nodeVersionProblem(process.version);
  if (problem) {
    if (process.argv.indexOf('--quiet') === -1) console.error(`\n${problem}\n`);
    process.exit(1);
  }
}
