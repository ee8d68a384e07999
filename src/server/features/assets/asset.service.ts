import { requireAccess } from '../../platform/access.ts';
import { AppError, validationError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { SingleUpload } from '../../platform/uploads.ts';
import type { AssetFileRow } from '../../db/schema/index.ts';
import type { OfferableFile } from '../../ai/tools/types.ts';
import { KNOWLEDGE_MESSAGES, ASSET_MESSAGES } from '../../../shared/messages.ts';
import {
  ASSET_DESCRIPTION_MIN,
  ASSET_MAX_FILES,
  type AssetFile,
  type AssetList,
  type AssetToolState,
} from '../../../shared/schemas/assets.ts';
import { hasForbiddenChars } from '../../../shared/schemas/common.ts';
import { getToolState, setToolActive } from '../tools/index.ts';
import type { DocumentSource } from '../../platform/document-source.ts';
import { checkAssetFile } from './asset-file-check.ts';
import { withCountLimit } from '../../platform/count-limit.ts';
import { reencodeImage } from '../../platform/images.ts';
import {
  countAssets,
  deleteAssetRow,
  findAsset,
  findAssetAssistantUuid,
  insertAsset,
  listAssetRows,
  updateAssetText,
} from './asset.repository.ts';

// One set of asset files per assistant, two views: /api/assets (the files) and /api/tool/asset
// (the asset tool's properties). Both call these functions (docs/decisions/014-assets.md).

export const ASSET_FOLDER = 'assets';

export function toAssetFile(f: AssetFileRow): AssetFile {
  return {
    uuid: f.uuid,
    id: f.id,
    name: f.name,
    description: f.description,
    extension: f.extension,
    size: f.sizeBytes,
    created_at: f.createdAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', ASSET_MESSAGES.notFound);

export async function listAssets(deps: Deps, auth: AuthContext, assistantUuid: string): Promise<AssetList> {
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const files = await listAssetRows(deps.db, assistant.id);
  return { files: files.map(toAssetFile), max_files: ASSET_MAX_FILES };
}

/** The asset tool's view: its switch (tools feature) and one property per file. */
export async function getAssetToolState(deps: Deps, auth: AuthContext, assistantUuid: string): Promise<AssetToolState> {
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const [state, files] = await Promise.all([getToolState(deps, assistant.id, 'asset'), listAssetRows(deps.db, assistant.id)]);
  return {
    active: state.active,
    properties: files.map((f) => ({ id: f.id, description: f.description, extension: f.extension })),
    max_files: ASSET_MAX_FILES,
  };
}

/** The asset tool's switch, in the tools feature's state (the same one the generic tool switch writes). */
export async function switchAssetTool(deps: Deps, auth: AuthContext, assistantUuid: string, active: boolean): Promise<void> {
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  await setToolActive(deps, auth, assistant.uuid, 'asset', active);
}

/** Asset pictures are stored at most this large per side (ample for a chat and a download). */
export const ASSET_IMAGE_MAX_EDGE = 2048;

/** A JPG or PNG as a fresh, bounded encoding of the same format; other files unchanged. */
async function boundedAssetImage(extension: string, data: Buffer): Promise<Buffer> {
  if (extension !== 'png' && extension !== 'jpg' && extension !== 'jpeg') return data;
  return reencodeImage(data, {
    maxEdge: ASSET_IMAGE_MAX_EDGE,
    format: extension === 'png' ? 'png' : 'jpg',
    messages: { invalid: ASSET_MESSAGES.imageInvalid, dimensions: ASSET_MESSAGES.imageDimensions },
  });
}

/** Every rule is checked before anything is stored; over a limit nothing is kept. */
export async function uploadAsset(deps: Deps, auth: AuthContext, upload: SingleUpload): Promise<AssetFile> {
  requireAccess(auth, 'member');
  const assistantUuid = upload.fields.assistantUuid ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(assistantUuid)) throw new AppError('VALIDATION', KNOWLEDGE_MESSAGES.noAssistant);
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const description = (upload.fields.description ?? '').trim();
  if (description.length < ASSET_DESCRIPTION_MIN || description.length > 2000 || hasForbiddenChars(description)) {
    throw validationError('description', ASSET_MESSAGES.descriptionTooShort(ASSET_DESCRIPTION_MIN));
  }
  if ((await countAssets(deps.db, assistant.id)) >= ASSET_MAX_FILES) {
    throw validationError('file', ASSET_MESSAGES.tooManyFiles(ASSET_MAX_FILES));
  }
  const extension = checkAssetFile(upload.file.filename, upload.file.data);
  const name = upload.file.filename.replace(/[\\/]/g, '_').slice(0, 200);
  // Chat visitors are shown these pictures: decoded with a pixel limit and stored re-encoded.
  const data = await boundedAssetImage(extension, upload.file.data);
  const storedName = await deps.privateFiles.put(ASSET_FOLDER, extension, data);
  try {
    // Counted again under the assistant's lock: parallel uploads cannot pass the limit together.
    const row = await withCountLimit(deps.db, `assets:${assistant.id}`, async (tx) => {
      if ((await countAssets(tx, assistant.id)) >= ASSET_MAX_FILES) throw validationError('file', ASSET_MESSAGES.tooManyFiles(ASSET_MAX_FILES));
      return insertAsset(tx, {
        teamId: assistant.teamId,
        assistantId: assistant.id,
        name,
        description,
        extension,
        sizeBytes: data.length,
        storedName,
      });
    });
    return toAssetFile(row);
  } catch (err) {
    await deps.privateFiles.remove(ASSET_FOLDER, storedName);
    throw err;
  }
}

/** The rule of `asset.file` (asset.access.ts): a file through the edit right on its Mika. */
export async function editableAssetFile(deps: Deps, auth: AuthContext | null, fileUuid: string) {
  const assistantUuid = await findAssetAssistantUuid(deps.db, fileUuid);
  if (!assistantUuid) throw notFound();
  // Another team's assistant answers 404 here, so its file does too.
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const file = await findAsset(deps.db, assistant.id, { uuid: fileUuid });
  if (!file) throw notFound();
  return { assistant, file };
}

export async function editAsset(
  deps: Deps,
  auth: AuthContext,
  input: { fileUuid: string; name: string; description: string },
): Promise<AssetFile> {
  const { file } = await requireAccess(auth, 'asset.file', input.fileUuid, deps);
  // The extension is what the content was checked as: a rename keeps it.
  const base = input.name.replace(/[\\/]/g, '_').replace(/\.[^.]*$/, '') || file.name.replace(/\.[^.]*$/, '');
  const name = `${base.slice(0, 190)}.${file.extension}`;
  return toAssetFile(await updateAssetText(deps.db, file.id, { name, description: input.description }));
}

/** DELETE /api/assets by uuid and the tool's {remove, propertyId} by id: the same removal. */
export async function deleteAsset(
  deps: Deps,
  auth: AuthContext,
  input: { assistantUuid: string } & ({ fileUuid: string } | { propertyId: number }),
): Promise<void> {
  const assistant = await requireAccess(auth, 'assistant.edit', input.assistantUuid, deps);
  const key = 'fileUuid' in input ? { uuid: input.fileUuid } : { id: input.propertyId };
  const file = await findAsset(deps.db, assistant.id, key);
  if (!file) throw notFound();
  await deleteAssetRow(deps.db, file.id);
  await deps.privateFiles.remove(ASSET_FOLDER, file.storedName);
}

/**
 * What the asset tool may hand out in a conversation of this assistant (the caller resolved the
 * thread access, so the assistant is the thread's own): nothing of any other assistant.
 */
export async function listOfferableAssets(deps: Deps, assistantId: number): Promise<OfferableFile[]> {
  const files = await listAssetRows(deps.db, assistantId);
  return files.map((f) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    extension: f.extension,
    source: `${ASSET_DOCUMENT_SOURCE}:${f.uuid}`,
  }));
}

export const ASSET_DOCUMENT_SOURCE = 'asset';

/** Serves the bytes behind `asset:{uuid}` document messages while the asset exists. */
export const assetDocumentSource: DocumentSource = {
  async read(deps, { assistantId, ref }) {
    if (!/^[0-9a-f-]{36}$/i.test(ref)) return undefined;
    const file = await findAsset(deps.db, assistantId, { uuid: ref });
    if (!file) return undefined;
    const data = await deps.privateFiles.read(ASSET_FOLDER, file.storedName);
    return data && { data, extension: file.extension };
  },
};
