import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assistants,
  customImageStyles,
  generatedImages,
  styleImages,
  teams,
  type GeneratedImageRow,
} from '../../db/schema/index.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';
import type { ImageStatus } from '../../../shared/schemas/images.ts';

export const STYLE_IMAGE_FOLDER = 'style-images';
export const IMAGE_FOLDER = 'images';

// ---------------------------------------------------------------- style images

export const listStyleImageRows = (db: Db, assistantId: number) =>
  db.select().from(styleImages).where(eq(styleImages.assistantId, assistantId)).orderBy(asc(styleImages.id));

export async function insertStyleImage(db: Db, values: typeof styleImages.$inferInsert) {
  const [row] = await db.insert(styleImages).values(values).returning();
  return row!;
}

export async function findStyleImage(db: Db, assistantId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(styleImages)
    .where(and(eq(styleImages.assistantId, assistantId), eq(styleImages.uuid, uuid)));
  return row;
}

export async function deleteStyleImage(db: Db, id: number) {
  await db.delete(styleImages).where(eq(styleImages.id, id));
}

// ---------------------------------------------------------------- styles

export async function findCustomStyle(db: Db, assistantId: number) {
  const [row] = await db
    .select()
    .from(customImageStyles)
    .where(eq(customImageStyles.assistantId, assistantId));
  return row;
}

export async function saveCustomStyle(db: Db, values: typeof customImageStyles.$inferInsert) {
  await db
    .insert(customImageStyles)
    .values(values)
    .onConflictDoUpdate({
      target: customImageStyles.assistantId,
      set: {
        baseStyle: values.baseStyle,
        provider: values.provider,
        providerStyleId: values.providerStyleId ?? null,
        description: values.description ?? null,
        referencesKey: values.referencesKey,
        createdAt: new Date(),
      },
    });
}

export { setAssistantImageStyle as setAssistantStyle } from '../assistants/index.ts';

// ---------------------------------------------------------------- pictures

export async function insertImage(db: Db, values: typeof generatedImages.$inferInsert) {
  const [row] = await db.insert(generatedImages).values(values).returning();
  return row!;
}

/** A picture with its assistant's uuid (for the access check by uuid). */
export async function findImageByUuid(db: Db, uuid: string) {
  const [row] = await db
    .select({ image: generatedImages, assistantUuid: assistants.uuid })
    .from(generatedImages)
    .innerJoin(assistants, eq(assistants.id, generatedImages.assistantId))
    .where(eq(generatedImages.uuid, uuid));
  return row;
}

export async function findImageForJob(db: Db, id: number) {
  const [row] = await db
    .select({ image: generatedImages, assistant: assistants, team: teams })
    .from(generatedImages)
    .innerJoin(assistants, eq(assistants.id, generatedImages.assistantId))
    .leftJoin(teams, eq(teams.id, generatedImages.teamId))
    .where(eq(generatedImages.id, id));
  return row;
}

export const listUserImages = (db: Db, assistantId: number, userId: number, limit: number) =>
  db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.assistantId, assistantId), eq(generatedImages.userId, userId)))
    .orderBy(desc(generatedImages.id))
    .limit(limit);

export async function updateImage(
  db: Db,
  id: number,
  values: Partial<Pick<GeneratedImageRow, 'status' | 'error' | 'storedName' | 'model'>> & {
    status?: ImageStatus;
  },
) {
  const [row] = await db
    .update(generatedImages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(generatedImages.id, id))
    .returning();
  return row;
}

/** Moves a prompted picture to queued once; false when it was started already. */
export async function claimPrompted(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(generatedImages)
    .set({ status: 'queued', updatedAt: new Date() })
    .where(and(eq(generatedImages.id, id), eq(generatedImages.status, 'prompted')))
    .returning({ id: generatedImages.id });
  return rows.length > 0;
}

export const unfinishedImages = (db: Db) =>
  db
    .select({ id: generatedImages.id })
    .from(generatedImages)
    .where(inArray(generatedImages.status, ['queued', 'generating', 'storing']));

/** The sweep keeps the files that rows still reference (file-sweep.ts). */
export const imageFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder === STYLE_IMAGE_FOLDER || folder === IMAGE_FOLDER,
  async referenced(db, folder, names) {
    const rows =
      folder === STYLE_IMAGE_FOLDER
        ? await db
            .select({ name: styleImages.storedName })
            .from(styleImages)
            .where(inArray(styleImages.storedName, names))
        : await db
            .select({ name: generatedImages.storedName })
            .from(generatedImages)
            .where(inArray(generatedImages.storedName, names));
    return new Set(rows.map((r) => r.name).filter((n): n is string => n !== null));
  },
  async teamFiles(db, teamId) {
    const styles = await db
      .select({ name: styleImages.storedName })
      .from(styleImages)
      .innerJoin(assistants, eq(assistants.id, styleImages.assistantId))
      .where(eq(assistants.teamId, teamId));
    const images = await db
      .select({ name: generatedImages.storedName })
      .from(generatedImages)
      .innerJoin(assistants, eq(assistants.id, generatedImages.assistantId))
      .where(eq(assistants.teamId, teamId));
    return [
      ...styles.map((r) => ({ folder: STYLE_IMAGE_FOLDER, name: r.name })),
      ...images.flatMap((r) => (r.name ? [{ folder: IMAGE_FOLDER, name: r.name }] : [])),
    ];
  },
  async userFiles(db, userId) {
    const rows = await db
      .select({ name: generatedImages.storedName })
      .from(generatedImages)
      .where(and(eq(generatedImages.userId, userId), isNotNull(generatedImages.storedName)));
    return rows.map((r) => ({ folder: IMAGE_FOLDER, name: r.name! }));
  },
};
