import { z } from '../zod.ts';
import { KNOWLEDGE_MESSAGES, ASSET_MESSAGES } from '../messages.ts';
import { ASSET_DESCRIPTION_MIN, ASSET_MAX_FILES } from '../constants.ts';
import { zFileName, zId, zText } from './common.ts';

export { ASSET_DESCRIPTION_MIN, ASSET_MAX_FILES };

/** docs/product/knowledge-and-tools.md: assets accept doc, docx, xlsx, pdf, pptx, jpeg, jpg, png. */
export const ASSET_EXTENSIONS = ['doc', 'docx', 'xlsx', 'pdf', 'pptx', 'jpeg', 'jpg', 'png'] as const;
export type AssetExtension = (typeof ASSET_EXTENSIONS)[number];
/** For the file picker's accept attribute. */
export const ASSET_ACCEPT = ASSET_EXTENSIONS.map((e) => `.${e}`).join(',');

/** docs/product/knowledge-and-tools.md: "asset file": uuid, id, name, description, extension (+ size and date). */
export const ZAssetFile = z.object({
  uuid: z.string(),
  id: z.number(),
  name: z.string(),
  description: z.string(),
  extension: z.string(),
  size: z.number(),
  created_at: z.string(),
});
export type AssetFile = z.infer<typeof ZAssetFile>;

export const ZAssetList = z.object({ files: z.array(ZAssetFile), max_files: z.number() });
export type AssetList = z.infer<typeof ZAssetList>;

export const zAssetDescription = zText(2000, ASSET_MESSAGES.descriptionTooShort(ASSET_DESCRIPTION_MIN)).pipe(
  z.string().min(ASSET_DESCRIPTION_MIN, ASSET_MESSAGES.descriptionTooShort(ASSET_DESCRIPTION_MIN)),
);

export const ZAssetEditRequest = z.object({
  fileUuid: z.uuid({ error: ASSET_MESSAGES.notFound }),
  name: zFileName(KNOWLEDGE_MESSAGES.nameRequired),
  description: zAssetDescription,
});

export const ZAssetDeleteRequest = z.object({
  assistantUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant }),
  fileUuid: z.uuid({ error: ASSET_MESSAGES.notFound }),
});

/** docs/product/knowledge-and-tools.md: "asset tool properties": id, description, extension per file; plus the tool's switch. */
export const ZAssetToolProperty = z.object({ id: z.number(), description: z.string(), extension: z.string() });
export const ZAssetToolState = z.object({
  active: z.boolean(),
  properties: z.array(ZAssetToolProperty),
  max_files: z.number(),
});
export type AssetToolState = z.infer<typeof ZAssetToolState>;

/**
 * POST /api/tool/asset/{assistantUuid} as JSON: remove one property (= asset file) by its id, or
 * switch the tool (the same tool state the generic tool switch writes).
 */
export const ZAssetToolJsonRequest = z.union([
  z.object({
    remove: z.union([z.literal(true), z.literal(1), z.literal('1'), z.literal('true')]),
    propertyId: zId(ASSET_MESSAGES.notFound),
  }),
  z.object({ active: z.boolean() }),
]);
