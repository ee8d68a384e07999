import type { Db } from '../db/client.ts';
import type { ExportEntries, TeamExportContext } from './team-export.ts';

/**
 * Rows are erased and exported by their owners (docs/decisions/029-server-boundaries.md), as private files are
 * by their PrivateFolderOwner: every feature (and the platform's mail outbox) that keeps rows linked
 * to a conversation or a person contributes how they go. Erasure and retention iterate the
 * registry (deps.rowOwners) in order — the conversations' and the people's own rows last — so a
 * new table linked to a thread or a user is erased by the feature that added it, or declares why
 * it stays. `row-owners.test.ts` puts a row into every such table and proves it.
 */
export interface RowOwner {
  /** Who writes these rows. */
  owner: string;
  /** The tables it owns that are linked to a thread, a user or a team. */
  tables: string[];
  /** Removes or unlinks its rows of these conversations, inside the erasure's transaction. */
  eraseThreads?(tx: Db, threadIds: number[]): Promise<void>;
  /** Removes its rows of one person, inside the erasure's transaction. */
  eraseUser?(tx: Db, user: { id: number; teamId: number; email: string }): Promise<void>;
  /**
   * Removes its rows of a team being purged, inside the purge's transaction, before the team row
   * goes (rows with a cascading foreign key to the team need no contribution).
   */
  eraseTeam?(tx: Db, teamId: number): Promise<void>;
  /**
   * Its part of the team export (platform/team-export.ts): the entries of the ZIP for its own
   * tables and files. An owner that declares it contributes at least its index file, even empty.
   */
  exportTeam?(db: Db, teamId: number, ctx: TeamExportContext): Promise<ExportEntries>;
  /** With exportTeam: its line in the export's LIESMICH.txt (German, the files and what they hold). */
  exportDescription?: string;
  /**
   * Tables with team rows it owns that the team export leaves out on purpose, with the reason (a
   * transient technical state, secrets). `export-owners.test.ts` asks every table with a team_id
   * to be exported by its owner or named here.
   */
  notExported?: Record<string, string>;
  /** Tables whose rows outlive an erasure on purpose, with the reason (law, accountability). */
  keeps?: Record<string, string>;
}
