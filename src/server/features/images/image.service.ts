import { requireAccess } from '../../platform/access.ts';
import { generateText } from 'ai';
import { createPrivacyGate } from '../../ai/privacy-gate.ts';
import { styleLabel } from '../../ai/image-styles.ts';
import type { GeneratedImageRow } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { IMAGE_SUBSTYLE_LABELS, IMAGE_STYLE_LABELS } from '../../../shared/constants.ts';
import { IMAGE_MESSAGES } from '../../../shared/messages.ts';
import type { GeneratedImage, ImageStatus } from '../../../shared/schemas/images.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { recordUsage } from '../usage/index.ts';
import { audienceOf, releaseCredits, reserveCredits } from '../credits/index.ts';
import { CREDIT_RESERVE } from '../../../shared/credit-prices.ts';
import { imageJob } from './image.jobs.ts';
import {
  IMAGE_FOLDER,
  claimPrompted,
  findImageByUuid,
  insertImage,
  listUserImages,
} from './image.repository.ts';
import { currentStyleChoice } from './style.service.ts';
import { imageAssistantOnly } from './image-assistant.ts';


export const imageUrl = (assistantUuid: string, imageUuid: string) => `/image/${assistantUuid}/${imageUuid}`;

export function toGeneratedImage(row: GeneratedImageRow, assistantUuid: string): GeneratedImage {
  return {
    uuid: row.uuid,
    description: row.description,
    prompt: row.prompt,
    status: row.status as ImageStatus,
    error: row.error,
    url: row.status === 'ready' && row.storedName ? imageUrl(assistantUuid, row.uuid) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export const IMAGE_LIMITS = {
  promptsPerUser: { limit: 60, windowMs: 60 * 60_000 },
} as const;

const PROMPT_SYSTEM =
  'Du schreibst Prompts für einen Bildgenerator. Mache aus der Beschreibung der Nutzerin oder des Nutzers einen ' +
  'einzigen, anschaulichen Prompt auf Deutsch (höchstens 120 Wörter): Motiv, Umgebung, Bildaufbau, Licht, Farben und ' +
  'Stimmung. Halte Dich an die Beschreibung und erfinde keine Personen oder Marken dazu. Antworte nur mit dem Prompt.';

/** The offline engine's prompt: deterministic, from the description and the style's labels. */
export function offlinePrompt(description: string, style: string): string {
  const text = description
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
  return `${text}. Stilrichtung: ${style}. Klarer Bildaufbau, stimmiges Licht, hohe Detailtreue.`;
}

/**
 * POST /api/optimizedprompt: turns the description into the prompt the picture is painted from
 * (the chat model behind the privacy gate, or the offline engine's template), and stores the
 * picture as `prompted`. Nothing is painted yet: POST /api/createimage starts it.
 */
export async function optimizePrompt(
  deps: Deps,
  auth: AuthContext,
  input: { assistantUuid: string; input: string },
) {
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.use', input.assistantUuid, deps));
  const tool = deps.ai.imageTool;
  // Before spending a model call: without a painter no picture can follow.
  if (!tool) throw new AppError('UNAVAILABLE', IMAGE_MESSAGES.notConfigured);
  const choice = await currentStyleChoice(deps, assistant);
  // Every picture costs the team money: a generous limit per user stops a runaway script.
  await deps.throttle.consume(`image-prompt:${auth.user.id}`, IMAGE_LIMITS.promptsPerUser, IMAGE_MESSAGES.tooManyImages);
  const label = choice.custom
    ? styleLabel({ style: choice.style, custom: {} })
    : `${IMAGE_STYLE_LABELS[choice.style]}${choice.substyle ? ` – ${IMAGE_SUBSTYLE_LABELS[choice.substyle] ?? choice.substyle}` : ''}`;
  const gate = createPrivacyGate(privacyTermsFor(auth.team, assistant));
  const chat = deps.ai.chat(gate);
  let prompt: string;
  let usage: { inputTokens: number; outputTokens: number } | null = null;
  // The chat model writing the prompt is paid; the offline template is not.
  const hold = chat.offline
    ? null
    : await reserveCredits(deps.db, { teamId: auth.team.id, audience: audienceOf(auth) }, 'image', CREDIT_RESERVE.answer);
  try {
    if (chat.offline) {
      prompt = offlinePrompt(input.input, label);
    } else {
      const result = await generateText({
        model: chat.model,
        system: PROMPT_SYSTEM,
        prompt: `Beschreibung: ${input.input}\nStilrichtung: ${label}`,
        maxRetries: 1,
      });
      prompt = result.text.trim() || offlinePrompt(input.input, label);
      usage = { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 };
    }
    const row = await deps.db.transaction(async (tx) => {
      const image = await insertImage(tx, {
        teamId: auth.team.id,
        assistantId: assistant.id,
        userId: auth.user.id,
        description: input.input,
        prompt,
        mainStyle: choice.style,
        subStyle: choice.substyle,
        custom: choice.custom,
      });
      if (usage) {
        await recordUsage(tx, [
          { teamId: auth.team.id, assistantId: assistant.id, capability: 'image', model: chat.name, ...usage },
        ], hold);
      }
      return image;
    });
    return { image_uuid: row.uuid, prompt_str: prompt, tool };
  } finally {
    await releaseCredits(deps.db, hold);
  }
}

/** A picture of the caller: the use right on its assistant, and only the user who asked for it. */
/** The rule of `image.own` (image.access.ts): the member's own picture on a Mika they may use. */
export async function ownImage(deps: Deps, auth: AuthContext, imageUuid: string) {
  const notFound = () => new AppError('NOT_FOUND', IMAGE_MESSAGES.imageNotFound);
  const found = await findImageByUuid(deps.db, imageUuid);
  if (!found) throw notFound();
  // Another team's assistant answers 404 here, so its picture does too.
  const assistant = await requireAccess(auth, 'assistant.use', found.assistantUuid, deps).catch((err: unknown) => {
    throw err instanceof AppError && err.status === 404 ? notFound() : err;
  });
  imageAssistantOnly(assistant);
  if (found.image.userId !== auth.user.id) throw notFound();
  return found;
}

/**
 * POST /api/createimage: paints the picture in a background job (it completes even when the
 * request is gone and is shown on reload); progress goes to the assistant's image room.
 */
export async function startImage(deps: Deps, auth: AuthContext, imageUuid: string): Promise<GeneratedImage> {
  const { image, assistantUuid } = await requireAccess(auth, 'image.own', imageUuid, deps);
  if (!deps.ai.imageTool) throw new AppError('UNAVAILABLE', IMAGE_MESSAGES.notConfigured);
  // The picture's price is held before it is queued; the job settles it with the stored picture.
  const hold = image.status === 'prompted' ? await reserveCredits(deps.db, { teamId: auth.team.id, audience: audienceOf(auth) }, 'image', CREDIT_RESERVE.image) : null;
  const started = await deps.db.transaction(async (tx) => {
    if (!(await claimPrompted(tx, image.id))) return false;
    await deps.jobs.send(imageJob, { imageId: image.id, hold }, { tx });
    return true;
  });
  if (!started) await releaseCredits(deps.db, hold);
  if (started) deps.realtime?.publishImage({ assistantUuid, imageUuid, status: 'queued', error: null });
  const status: ImageStatus = started ? 'queued' : (image.status as ImageStatus);
  return toGeneratedImage({ ...image, status }, assistantUuid);
}

/** GET /api/images/{assistantUuid}: the caller's latest pictures of this assistant (image view on reload). */
export async function listImages(deps: Deps, auth: AuthContext, assistantUuid: string) {
  const assistant = imageAssistantOnly(await requireAccess(auth, 'assistant.use', assistantUuid, deps));
  const rows = await listUserImages(deps.db, assistant.id, auth.user.id, 20);
  return { images: rows.map((r) => toGeneratedImage(r, assistant.uuid)) };
}

/** GET /image/{assistantUuid}/{imageUuid}: the stored PNG. */
export async function readImage(deps: Deps, auth: AuthContext, assistantUuid: string, imageUuid: string) {
  const { image, assistantUuid: owner } = await requireAccess(auth, 'image.own', imageUuid, deps);
  if (owner !== assistantUuid || !image.storedName) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.imageNotFound);
  const data = await deps.privateFiles.read(IMAGE_FOLDER, image.storedName);
  if (!data) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.imageNotFound);
  return { data, name: `mika-bild-${image.uuid.slice(0, 8)}.png` };
}
