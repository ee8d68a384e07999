import { createPrivacyGate } from '../../ai/privacy-gate.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { reencodeImage } from '../../platform/images.ts';
import type { ImageStyle } from '../../../shared/constants.ts';
import { IMAGE_MESSAGES } from '../../../shared/messages.ts';
import type { ImageStatus } from '../../../shared/schemas/images.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { recordUsage } from '../usage/index.ts';
import { releaseCredits, type CreditHold } from '../credits/index.ts';
import {
  IMAGE_FOLDER,
  findCustomStyle,
  findImageForJob,
  unfinishedImages,
  updateImage,
} from './image.repository.ts';

export const imageJob = 'image-generate';
/** Pictures are stored as PNG at most this large per side. */
const IMAGE_MAX_EDGE = 2048;

/**
 * Painting as a background job: the provider paints, the picture is downloaded at once (provider
 * URLs expire), re-encoded as PNG, stored privately, and booked — each stage published to the
 * assistant's image room. A finished or failed picture is left alone, so a repeat does nothing.
 */
export function defineImageJobs(deps: Deps) {
  deps.jobs.define<{ imageId: number; hold?: CreditHold | null }>(
    imageJob,
    async ({ imageId, hold }, ctx) => {
      const found = await findImageForJob(deps.db, imageId);
      if (!found || found.image.status === 'ready' || found.image.status === 'error') return;
      const { image, assistant, team } = found;
      const stage = async (status: ImageStatus, error: string | null = null) => {
        await updateImage(deps.db, image.id, { status, error });
        deps.realtime?.publishImage({ assistantUuid: assistant.uuid, imageUuid: image.uuid, status, error });
      };
      try {
        await stage('generating');
        const custom = image.custom ? await findCustomStyle(deps.db, assistant.id) : undefined;
        if (image.custom && !custom) throw new AppError('CONFLICT', IMAGE_MESSAGES.customStyleMissing);
        const gate = createPrivacyGate(team ? privacyTermsFor(team, assistant) : []);
        const painted = await deps.ai.paintImage(gate, {
          prompt: image.prompt,
          style: {
            style: (image.mainStyle ?? 'realistic_image') as ImageStyle,
            substyle: image.subStyle,
            custom: custom
              ? { providerStyleId: custom.providerStyleId, description: custom.description }
              : undefined,
          },
          signal: ctx.signal,
        });
        await stage('storing');
        const png = await reencodeImage(Buffer.from(painted.data), {
          maxEdge: IMAGE_MAX_EDGE,
          format: 'png',
          messages: { invalid: IMAGE_MESSAGES.imageFailed, dimensions: IMAGE_MESSAGES.imageFailed },
        });
        const storedName = await deps.privateFiles.put(IMAGE_FOLDER, 'png', png);
        try {
          await deps.db.transaction(async (tx) => {
            await updateImage(tx, image.id, {
              status: 'ready',
              error: null,
              storedName,
              model: painted.model,
            });
            await recordUsage(tx, [
              {
                teamId: image.teamId,
                assistantId: assistant.id,
                capability: 'image',
                model: painted.model,
                images: 1,
              },
            ], hold);
          });
        } catch (err) {
          await deps.privateFiles.remove(IMAGE_FOLDER, storedName);
          throw err;
        }
        deps.realtime?.publishImage({
          assistantUuid: assistant.uuid,
          imageUuid: image.uuid,
          status: 'ready',
          error: null,
        });
      } catch (err) {
        // A reason the user can act on ends the picture in the error state; anything else is retried.
        if (err instanceof AppError) {
          await releaseCredits(deps.db, hold);
          return stage('error', err.userMessage);
        }
        deps.log.warn({ err, imageId }, 'image generation failed');
        if (ctx.lastAttempt) {
          await releaseCredits(deps.db, hold).catch(() => undefined);
          await stage('error', IMAGE_MESSAGES.imageFailed).catch(() => undefined);
        }
        throw err;
      }
    },
    { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 600, heartbeatSeconds: 20 },
  );
}

/** Embedded database: pictures a stopped process left unfinished are enqueued again (like knowledge). */
export async function resumeInterruptedImages(deps: Deps): Promise<number> {
  const rows = await unfinishedImages(deps.db);
  for (const r of rows) await deps.jobs.send(imageJob, { imageId: r.id });
  if (rows.length > 0) deps.log.info({ count: rows.length }, 'interrupted image generation resumed');
  return rows.length;
}
