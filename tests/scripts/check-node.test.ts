import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enginesRange, nodeVersionProblem } from '../../scripts/check-node.js';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };

describe('the Node version check', () => {
  it('refuses every Node that cannot run our .ts files, with a message naming the found version', () => {
    // 22.12 and 23.5 do not strip types without a flag (tried: the first `import type` fails).
    for (const old of ['v16.20.2', 'v18.19.0', 'v20.19.0', 'v22.12.0', 'v22.17.1', 'v23.0.0', 'v23.5.0', 'v21.7.3']) {
      const problem = nodeVersionProblem(old);
      expect(problem, old).toBeDefined();
      expect(problem).toContain(`gefunden: ${old}`);
      expect(problem).toContain('Mika braucht Node.js 22.18.0 oder neuer');
      expect(problem).toContain('Mika needs Node.js 22.18.0 or newer');
    }
    expect(nodeVersionProblem('v23.5.0')).toContain('23.x ab 23.6.0');
    expect(nodeVersionProblem('kaputt')).toBeDefined();
  });

  it('accepts the first releases that run them and everything later', () => {
    for (const ok of ['v22.18.0', 'v22.22.1', 'v23.6.0', 'v23.11.1', 'v24.0.0', 'v24.21.0', 'v25.1.0', 'v26.0.0', '22.18.0']) {
      expect(nodeVersionProblem(ok), ok).toBeUndefined();
    }
  });

  it('is what package.json promises in engines, and runs first in start, dev, worker and test', () => {
    expect(pkg.engines.node).toBe(enginesRange());
    expect(enginesRange()).toBe('^22.18.0 || >=23.6.0');
    for (const script of ['start', 'dev', 'worker', 'test']) {
      expect(pkg.scripts[script], script).toMatch(/^node scripts\/check-node\.js && /);
    }
  });

  it('as a script: exits 0 on this Node and 1 with the message when told of an old one', () => {
    expect(spawnSync(process.execPath, ['scripts/check-node.js']).status).toBe(0);
    // An old Node cannot be installed here; the script reads process.version, so fake only that.
    const old = spawnSync(process.execPath, [
      '--input-type=module',
      '-e',
      "Object.defineProperty(process, 'version', { value: 'v22.12.0' }); process.argv[1] = (await import('node:path')).resolve('scripts/check-node.js'); await import('./scripts/check-node.js');",
    ]);
    expect(old.status).toBe(1);
    expect(old.stderr.toString()).toContain('gefunden: v22.12.0');
    expect(execFileSync(process.execPath, ['scripts/check-node.js', '--quiet']).toString()).toBe('');
  });
});
