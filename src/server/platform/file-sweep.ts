import type { Db } from '../db/client.ts';
import type { Deps } from './deps.ts';

/**
 * Private files whose row is gone are deleted: files of a deleted knowledge file, assistant or
 * team (rows go by cascade, bytes stay on disk), of a conversation that was reset, or of an upload
 * whose transaction failed. Each feature names the folders it owns and says which file names its
 * rows still reference; the sweep deletes the rest once they are older than the grace period
 * (an upload writes its bytes before its row commits). Folders nobody owns are left alone.
 */
export interface PrivateFolderOwner {
  owns(folder: string): boolean;
  referenced(db: Db, folder: string, names: string[]): Promise<Set<string>>;
  /** Every private file of a team's rows (the purge of a deleted team removes them). */
  teamFiles(db: Db, teamId: number): Promise<PrivateFile[]>;
}

export interface PrivateFile {
  folder: string;
  name: string;
}

export const FILE_SWEEP_JOB = 'private-files-sweep';
const FILE_SWEEP_CRON = '17 * * * *';
const GRACE_MS = 10 * 60_000;
const BATCH = 500;

export async function sweepPrivateFiles(deps: Deps, owners: PrivateFolderOwner[], now = new Date()): Promise<number> {
  let removed = 0;
  const before = new Date(now.getTime() - GRACE_MS);
  for (const folder of await deps.privateFiles.folders()) {
    const owner = owners.find((o) => o.owns(folder));
    if (!owner) continue;
    const names = await deps.privateFiles.filesOlderThan(folder, before);
    for (let i = 0; i < names.length; i += BATCH) {
      const batch = names.slice(i, i + BATCH);
      const keep = await owner.referenced(deps.db, folder, batch);
      for (const name of batch) {
        if (keep.has(name)) continue;
        await deps.privateFiles.remove(folder, name);
        removed++;
      }
    }
  }
  if (removed > 0) deps.log.info({ removed }, 'orphaned private files deleted');
  return removed;
}

/** The hourly sweep; `deps.jobs.send(FILE_SWEEP_JOB, {})` runs it at once (e.g. after a deletion). */
export function defineFileSweep(deps: Deps, owners: PrivateFolderOwner[]) {
  deps.jobs.define(FILE_SWEEP_JOB, async () => {
    await sweepPrivateFiles(deps, owners);
  });
  deps.jobs.schedule(FILE_SWEEP_JOB, FILE_SWEEP_CRON);
}
