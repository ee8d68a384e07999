import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import { KNOWLEDGE_MESSAGES, ASSET_MESSAGES } from '../../../shared/messages.ts';
import {
  ZAssetDeleteRequest,
  ZAssetEditRequest,
  ZAssetFile,
  ZAssetList,
  ZAssetToolJsonRequest,
  ZAssetToolState,
} from '../../../shared/schemas/assets.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { deleteAsset, editAsset, getAssetToolState, listAssets, switchAssetTool, uploadAsset } from './asset.service.ts';

const tags = ['assets'];
const assistantParams = z.object({ assistantUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant }) });
const uploaded = z.object({ file: ZAssetFile, message: z.string() });
const UPLOAD_DESCRIPTION = 'multipart: file (≤ 10 MB; doc, docx, xlsx, pdf, pptx, jpeg, jpg, png), assistantUuid, description (≥ 15 characters).';

/** docs/product/knowledge-and-tools.md Assets and the asset tool: two views of one set of files (docs/decisions/014-assets.md). */
export const assetRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/assets/:assistantUuid',
      { config: { access: 'edit' }, schema: { tags, params: assistantParams, response: { 200: ZAssetList } } },
      async (request) => listAssets(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/assets',
      {
        config: { access: 'edit' },
        schema: { tags, consumes: ['multipart/form-data'], description: UPLOAD_DESCRIPTION, response: { 200: uploaded } },
      },
      async (request) => {
        const auth = requireAuth(request);
        const upload = await readSingleUpload(request, deps.config.uploadLimitBytes);
        return { file: await uploadAsset(deps, auth, upload), message: ASSET_MESSAGES.fileUploaded };
      },
    );

    app.post(
      '/api/assets/edit',
      { config: { access: 'edit' }, schema: { tags, body: ZAssetEditRequest, response: { 200: uploaded } } },
      async (request) => ({ file: await editAsset(deps, requireAuth(request), request.body), message: ASSET_MESSAGES.updated }),
    );

    app.delete(
      '/api/assets',
      { config: { access: 'edit' }, schema: { tags, body: ZAssetDeleteRequest, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => {
        await deleteAsset(deps, requireAuth(request), request.body);
        return { message: ASSET_MESSAGES.fileDeleted };
      },
    );

    app.get(
      '/api/tool/asset/:assistantUuid',
      { config: { access: 'edit' }, schema: { tags, params: assistantParams, response: { 200: ZAssetToolState } } },
      async (request) => getAssetToolState(deps, requireAuth(request), request.params.assistantUuid),
    );

    app.post(
      '/api/tool/asset/:assistantUuid',
      {
        config: { access: 'edit' },
        schema: {
          tags,
          params: assistantParams,
          description: `Either ${UPLOAD_DESCRIPTION} (as POST /api/assets) or JSON {remove: true, propertyId} (as DELETE /api/assets), or JSON {active} (the tool switch). Answers the tool's state and the message.`,
          response: { 200: ZAssetToolState.extend({ message: z.string() }) },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { assistantUuid } = request.params;
        let message: string;
        if (request.isMultipart()) {
          const upload = await readSingleUpload(request, deps.config.uploadLimitBytes);
          // The path names the assistant; a differing form field cannot redirect the upload.
          await uploadAsset(deps, auth, { ...upload, fields: { ...upload.fields, assistantUuid } });
          message = ASSET_MESSAGES.fileUploaded;
        } else {
          const parsed = ZAssetToolJsonRequest.safeParse(request.body);
          if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? ASSET_MESSAGES.notFound);
          if ('active' in parsed.data) {
            await switchAssetTool(deps, auth, assistantUuid, parsed.data.active);
            message = ASSET_MESSAGES.settingSaved;
          } else {
            await deleteAsset(deps, auth, { assistantUuid, propertyId: parsed.data.propertyId });
            message = ASSET_MESSAGES.fileDeleted;
          }
        }
        return { ...(await getAssetToolState(deps, auth, assistantUuid)), message };
      },
    );
  };
