import { requireAccess } from '../../platform/access.ts';
import { createHash } from 'node:crypto';
import { withCountLimit } from '../../platform/count-limit.ts';
import { createPrivacyGate } from '../../ai/privacy-gate.ts';
import type { Assistant } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../platform/app-error.ts';
import { imageAssistantOnly } from './image-assistant.ts';
import type { Deps } from '../../platform/deps.ts';
import { reencodeImage } from '../../platform/images.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { SingleUpload } from '../../platform/uploads.ts';
import {
  CUSTOM_IMAGE_STYLES,
  IMAGE_SUBSTYLES,
  STYLE_IMAGES_REQUIRED,
  type ImageStyle,
} from '../../../shared/constants.ts';
import { IMAGE_MESSAGES, KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import type { StyleImage, StyleImageList } from '../../../shared/schemas/images.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { recordUsage } from '../usage/index.ts';
import { audienceOf, releaseCredits, reserveCredits, type CreditHold } from '../credits/index.ts';
import { CREDIT_RESERVE } from '../../../shared/credit-prices.ts';
import {
  STYLE_IMAGE_FOLDER,
  deleteStyleImage,
  findCustomStyle,
  findStyleImage,
  insertStyleImage,
  listStyleImageRows,
  saveCustomStyle,
  setAssistantStyle,
} from './image.repository.ts';

const styleImageUrl = (assistantUuid: string, imageUuid: string) =>
  `/api/styleimage/${assistantUuid}/${imageUuid}`;

/** Which references a custom style was made from: a changed set asks for a new style. */
const referencesKey = (rows: { uuid: string }[]) =>
  createHash('sha256')
    .update(rows.map((r) => r.uuid).join(','))
    .digest('hex')
    .slice(0, 32);

export async function listStyleImages(
  deps: Deps,
  auth: AuthContext,
  assistantUuid: string,
): Promise<StyleImageList> {
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.edit', assistantUuid, deps));
  const rows = await listStyleImageRows(deps.db, assistant.id);
  const custom = await findCustomStyle(deps.db, assistant.id);
  return {
    images: rows.map((r) => ({ uuid: r.uuid, url: styleImageUrl(assistant.uuid, r.uuid) })),
    required: STYLE_IMAGES_REQUIRED,
    main_style: assistant.mainStyle,
    sub_style: assistant.subStyle,
    is_image_style_custom: assistant.isImageStyleCustom ? 1 : 0,
    custom_style_ready: Boolean(
      custom && custom.provider === deps.ai.imageTool && custom.referencesKey === referencesKey(rows),
    ),
  };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Style references are stored at most this large per side (Recraft scales them anyway). */
const STYLE_IMAGE_MAX_EDGE = 2048;

/** POST /api/styleimage: PNG only (extension AND magic bytes), at most five per assistant. */
export async function uploadStyleImage(
  deps: Deps,
  auth: AuthContext,
  upload: SingleUpload,
): Promise<StyleImage> {
  requireAccess(auth, 'member');
  const assistantUuid = upload.fields.assistantUuid ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(assistantUuid)) throw new AppError('VALIDATION', KNOWLEDGE_MESSAGES.noAssistant);
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.edit', assistantUuid, deps));
  if (!/\.png$/i.test(upload.file.filename)) throw validationError('file', IMAGE_MESSAGES.pngOnly);
  if (!upload.file.data.subarray(0, 8).equals(PNG_MAGIC)) throw validationError('file', IMAGE_MESSAGES.pngInvalid);
  if ((await listStyleImageRows(deps.db, assistant.id)).length >= STYLE_IMAGES_REQUIRED) {
    throw validationError('file', IMAGE_MESSAGES.tooManyStyleImages(STYLE_IMAGES_REQUIRED));
  }
  // A fresh encoding: bounded, without metadata or whatever was appended to the file.
  const png = await reencodeImage(upload.file.data, {
    maxEdge: STYLE_IMAGE_MAX_EDGE,
    format: 'png',
    messages: { invalid: IMAGE_MESSAGES.pngInvalid, dimensions: IMAGE_MESSAGES.pngDimensions },
  });
  const storedName = await deps.privateFiles.put(STYLE_IMAGE_FOLDER, 'png', png);
  try {
    const row = await withCountLimit(deps.db, `style-images:${assistant.id}`, async (tx) => {
      if ((await listStyleImageRows(tx, assistant.id)).length >= STYLE_IMAGES_REQUIRED) {
        throw validationError('file', IMAGE_MESSAGES.tooManyStyleImages(STYLE_IMAGES_REQUIRED));
      }
      return insertStyleImage(tx, {
        teamId: assistant.teamId,
        assistantId: assistant.id,
        storedName,
        sizeBytes: png.length,
      });
    });
    return { uuid: row.uuid, url: styleImageUrl(assistant.uuid, row.uuid) };
  } catch (err) {
    await deps.privateFiles.remove(STYLE_IMAGE_FOLDER, storedName);
    throw err;
  }
}

export async function removeStyleImage(
  deps: Deps,
  auth: AuthContext,
  assistantUuid: string,
  imageUuid: string,
) {
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.edit', assistantUuid, deps));
  const row = await findStyleImage(deps.db, assistant.id, imageUuid);
  if (!row) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.imageNotFound);
  await deleteStyleImage(deps.db, row.id);
  await deps.privateFiles.remove(STYLE_IMAGE_FOLDER, row.storedName);
}

/** The bytes of one reference, for the tab's thumbnails (edit right). */
export async function readStyleImage(
  deps: Deps,
  auth: AuthContext,
  assistantUuid: string,
  imageUuid: string,
) {
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.edit', assistantUuid, deps));
  const row = await findStyleImage(deps.db, assistant.id, imageUuid);
  const data = row && (await deps.privateFiles.read(STYLE_IMAGE_FOLDER, row.storedName));
  if (!data) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.imageNotFound);
  return data;
}

/** POST /api/style/choose: a catalogue style; a substyle must belong to it. */
export async function chooseStyle(
  deps: Deps,
  auth: AuthContext,
  input: { assistantUuid: string; selectedStyle: ImageStyle; selectedSubStyle?: string | null },
) {
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.edit', input.assistantUuid, deps));
  const sub = input.selectedSubStyle?.trim() || null;
  if (sub && !IMAGE_SUBSTYLES[input.selectedStyle].includes(sub)) {
    throw validationError('selectedSubStyle', IMAGE_MESSAGES.substyleInvalid);
  }
  await setAssistantStyle(deps.db, assistant.id, {
    mainStyle: input.selectedStyle,
    subStyle: sub,
    isImageStyleCustom: false,
  });
}

/**
 * POST /api/style/create: the custom style from exactly five references, made by the image
 * provider (Recraft: a style id; OpenAI: a description by the chat model), stored, and switched on.
 */
export async function createCustomStyle(
  deps: Deps,
  auth: AuthContext,
  input: { assistantUuid: string; selectedStyle: ImageStyle },
) {
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.edit', input.assistantUuid, deps));
  if (!(CUSTOM_IMAGE_STYLES as readonly string[]).includes(input.selectedStyle)) {
    throw validationError('selectedStyle', IMAGE_MESSAGES.customStyleBase);
  }
  if (!deps.ai.imageTool) throw new AppError('UNAVAILABLE', IMAGE_MESSAGES.notConfigured);
  const rows = await listStyleImageRows(deps.db, assistant.id);
  if (rows.length !== STYLE_IMAGES_REQUIRED)
    throw validationError('file', IMAGE_MESSAGES.needStyleImages(STYLE_IMAGES_REQUIRED));
  const pngs: Buffer[] = [];
  for (const r of rows) {
    const data = await deps.privateFiles.read(STYLE_IMAGE_FOLDER, r.storedName);
    if (!data) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.imageNotFound);
    pngs.push(data);
  }
  const team = auth.team;
  const gate = createPrivacyGate(privacyTermsFor(team, assistant));
  // Recraft's style call or the chat model describing the references: one paid call, held first.
  const hold = await reserveCredits(deps.db, { teamId: team.id, audience: audienceOf(auth) }, 'image', CREDIT_RESERVE.answer);
  try {
    await createStyleHeld(deps, { assistant, input, rows, pngs, gate, hold });
  } finally {
    await releaseCredits(deps.db, hold);
  }
}

async function createStyleHeld(
  deps: Deps,
  { assistant, input, rows, pngs, gate, hold }: {
    assistant: Assistant;
    input: { selectedStyle: ImageStyle };
    rows: Awaited<ReturnType<typeof listStyleImageRows>>;
    pngs: Buffer[];
    gate: ReturnType<typeof createPrivacyGate>;
    hold: CreditHold | null;
  },
): Promise<void> {
  const created = await deps.ai
    .createImageStyle(gate, { base: input.selectedStyle, pngs })
    .catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      deps.log.warn({ err }, 'custom image style failed');
      throw new AppError('CONFLICT', IMAGE_MESSAGES.styleCreateFailed);
    });
  await deps.db.transaction(async (tx) => {
    await saveCustomStyle(tx, {
      assistantId: assistant.id,
      baseStyle: input.selectedStyle,
      provider: created.provider,
      providerStyleId: created.providerStyleId,
      description: created.description,
      referencesKey: referencesKey(rows),
    });
    await setAssistantStyle(tx, assistant.id, {
      mainStyle: input.selectedStyle,
      subStyle: null,
      isImageStyleCustom: true,
    });
    if (created.usage) {
      await recordUsage(tx, [
        {
          teamId: assistant.teamId,
          assistantId: assistant.id,
          capability: 'image',
          model: created.model,
          inputTokens: created.usage.inputTokens,
          outputTokens: created.usage.outputTokens,
        },
      ], hold);
    }
  });
}

/** The style a picture of this assistant is painted in, or a German error when it cannot be. */
export async function currentStyleChoice(deps: Deps, assistant: Assistant) {
  const style = (assistant.mainStyle ?? 'realistic_image') as ImageStyle;
  if (!assistant.isImageStyleCustom) return { style, substyle: assistant.subStyle, custom: false as const };
  const custom = await findCustomStyle(deps.db, assistant.id);
  const rows = await listStyleImageRows(deps.db, assistant.id);
  if (!custom || custom.provider !== deps.ai.imageTool || custom.referencesKey !== referencesKey(rows)) {
    throw new AppError('CONFLICT', IMAGE_MESSAGES.customStyleMissing);
  }
  return { style: custom.baseStyle as ImageStyle, substyle: null, custom: true as const };
}
