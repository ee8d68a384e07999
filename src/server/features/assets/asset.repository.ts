import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assetFiles, assistants, type AssetFileRow } from '../../db/schema/index.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';

export const listAssetRows = (db: Db, assistantId: number) =>
  db.select().from(assetFiles).where(eq(assetFiles.assistantId, assistantId)).orderBy(asc(assetFiles.id));

export async function countAssets(db: Db, assistantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assetFiles).where(eq(assetFiles.assistantId, assistantId));
  return row?.n ?? 0;
}

/** An asset of this assistant by uuid or id (the caller proved access to the assistant). */
export async function findAsset(
  db: Db,
  assistantId: number,
  key: { uuid: string } | { id: number },
): Promise<AssetFileRow | undefined> {
  const match = 'uuid' in key ? eq(assetFiles.uuid, key.uuid) : eq(assetFiles.id, key.id);
  const [row] = await db
    .select()
    .from(assetFiles)
    .where(and(eq(assetFiles.assistantId, assistantId), match));
  return row;
}

/** The assistant uuid an asset belongs to, for the edit call that names only the file. */
export async function findAssetAssistantUuid(db: Db, fileUuid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ uuid: assistants.uuid })
    .from(assetFiles)
    .innerJoin(assistants, eq(assistants.id, assetFiles.assistantId))
    .where(eq(assetFiles.uuid, fileUuid));
  return row?.uuid;
}

export async function insertAsset(db: Db, values: typeof assetFiles.$inferInsert): Promise<AssetFileRow> {
  const [row] = await db.insert(assetFiles).values(values).returning();
  return row!;
}

export async function updateAssetText(db: Db, id: number, values: { name: string; description: string }) {
  const [row] = await db
    .update(assetFiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(assetFiles.id, id))
    .returning();
  return row!;
}

export async function deleteAssetRow(db: Db, id: number): Promise<void> {
  await db.delete(assetFiles).where(eq(assetFiles.id, id));
}

/** The assets folder's files still referenced by a row (the rest is swept: platform/file-sweep.ts). */
export const assetFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder === 'assets',
  async referenced(db, _folder, names) {
    const rows = await db.select({ name: assetFiles.storedName }).from(assetFiles).where(inArray(assetFiles.storedName, names));
    return new Set(rows.map((r) => r.name));
  },
  async teamFiles(db, teamId) {
    const rows = await db
      .select({ name: assetFiles.storedName })
      .from(assetFiles)
      .innerJoin(assistants, eq(assistants.id, assetFiles.assistantId))
      .where(eq(assistants.teamId, teamId));
    return rows.map((r) => ({ folder: 'assets', name: r.name }));
  },
};
