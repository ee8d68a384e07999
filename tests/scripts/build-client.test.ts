import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_INPUTS, VITE_CONFIGS, clientInputsHash, staleReason, writeStamp } from '../../scripts/build-client.ts';

// `npm start` builds the client only when its inputs changed: a restart costs about a second.
let root: string;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mika-build-'));
  write('index.html', '<div id="root"></div>');
  write('src/client/main.tsx', 'export const a = 1;');
  write('src/shared/messages.ts', "export const M = { hallo: 'Hallo' };");
  write('src/server/app.ts', 'server code');
  write('package-lock.json', '{"lockfileVersion":3}');
  for (const out of ['index.html', 'chat.html', 'auth.html', 'embed.js']) write(`dist/client/${out}`, 'built');
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the client build check', () => {
  it('builds without a stamp, and not again once the stamp matches the inputs', () => {
    expect(staleReason(root)).toBe('kein Build-Stempel');
    writeStamp(root, clientInputsHash(root));
    expect(staleReason(root)).toBeUndefined();
  });

  it('builds again when a client, shared or config input changes — not for server code, tests or a touch', () => {
    writeStamp(root, clientInputsHash(root));
    write('src/server/app.ts', 'other server code');
    write('src/client/main.test.tsx', 'a test');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/client/main.tsx'), later, later);
    expect(staleReason(root)).toBeUndefined();

    for (const [file, text] of [
      ['src/client/main.tsx', 'export const a = 2;'],
      ['src/shared/messages.ts', "export const M = { hallo: 'Servus' };"],
      ['src/client/new-screen.tsx', 'export {}'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ] as const) {
      writeStamp(root, clientInputsHash(root));
      write(file, text);
      expect(staleReason(root), file).toBe('Quellen geändert');
    }
    writeStamp(root, clientInputsHash(root));
    fs.rmSync(path.join(root, 'src/client/new-screen.tsx'));
    expect(staleReason(root)).toBe('Quellen geändert');
  });

  it('builds again when an output is missing', () => {
    writeStamp(root, clientInputsHash(root));
    fs.rmSync(path.join(root, 'dist/client/chat.html'));
    expect(staleReason(root)).toBe('dist/client/chat.html fehlt');
  });

  it('lists every file the Vite configs read as input', () => {
    // The configs' imports, followed through the build scripts they load, and their HTML entries:
    // a new one must be added to CLIENT_INPUTS.
    const queue = [...VITE_CONFIGS];
    for (const config of queue) {
      const text = fs.readFileSync(config, 'utf8');
      for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
        const rel = path.posix.normalize(path.posix.join(path.posix.dirname(config), spec!));
        expect(CLIENT_INPUTS.some((input) => rel === input || rel.startsWith(`${input}/`)), `${config} imports ${rel}`).toBe(true);
        if (rel.startsWith('scripts/') && !queue.includes(rel)) queue.push(rel);
      }
      for (const [, html] of text.matchAll(/'([\w-]+\.html)'/g)) expect(CLIENT_INPUTS, `${config} builds ${html}`).toContain(html);
    }
  });
});
