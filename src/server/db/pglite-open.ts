import path from 'node:path';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';

// Extensions the migrations create (knowledge retrieval) and pgvector, which knowledge vectors
// create at start when an embedding model is configured; PGlite offers only what is passed here.
const PGLITE_EXTENSIONS = { pg_trgm, vector };

/** How to open the embedded database: a data directory (or memory), and a dump to start from. */
export interface PgliteInit {
  /** Directory of the data; undefined keeps it in memory. */
  dataDir?: string;
  /** A dumped data directory (a tar, as `dumpDataDir` wrote it) to start from. */
  loadDataDir?: ArrayBuffer;
}

/**
 * Opens PGlite. After a crash PostgreSQL replays its WAL by itself; what can block the start of a
 * data directory is the stale postmaster.pid of the dead process (PGlite cannot tell it is stale),
 * so a failed open removes it and tries once more — safe, because the caller's lock proved that no
 * live process owns the directory.
 */
export async function openPglite(init: PgliteInit): Promise<PGlite> {
  const loadDataDir = init.loadDataDir ? new Blob([init.loadDataDir]) : undefined;
  const dir = init.dataDir;
  if (!dir) {
    const db = new PGlite({ loadDataDir, extensions: PGLITE_EXTENSIONS });
    await db.waitReady;
    return db;
  }
  try {
    return await PGlite.create({ dataDir: dir, loadDataDir, extensions: PGLITE_EXTENSIONS });
  } catch (first) {
    const pidFile = path.join(dir, 'postmaster.pid');
    const hadPidFile = await fs.rm(pidFile).then(
      () => true,
      () => false,
    );
    if (!hadPidFile) throw first;
    try {
      return await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      throw new Error(
        `The embedded database in ${dir} cannot be opened (${(err as Error).message}). Restore it from a backup, ` +
          'or move the folder away to start with an empty database.',
        { cause: err },
      );
    }
  }
}
