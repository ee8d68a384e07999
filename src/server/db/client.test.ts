import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('the embedded database directory', () => {
  // Two fresh embedded databases (initdb, no golden copy: the directory is the subject): seconds
  // each, many more on a loaded machine.
  it('belongs to one process at a time, and a lock left by a dead process is taken over', { timeout: 120_000 }, async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-lock-'));
    const dir = path.join(root, 'db');
    try {
      const first = await openDatabase({ pgliteDir: dir });
      await first.db.execute('create table kept (v text)');
      await first.db.execute("insert into kept values ('da')");
      // A second opener would corrupt the directory: refused, naming the owner.
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`in use by process ${process.pid}`);
      await first.close();

      // A process that died without closing leaves its lock behind.
      const dead = spawnSync(process.execPath, [
        '-e',
        'process.stdout.write(String(process.pid))',
      ]).stdout.toString();
      await fs.writeFile(`${dir}.lock`, dead);
      const again = await openDatabase({ pgliteDir: dir });
      const rows = await again.pglite!.query('select v from kept');
      expect(rows.rows).toEqual([{ v: 'da' }]);
      await again.close();
      await expect(fs.access(`${dir}.lock`)).rejects.toThrow();
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
