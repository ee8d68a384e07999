import { requireAccess } from '../../platform/access.ts';
import { readPcmWav, speakableText, wavSeconds } from '../../ai/speech.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { PUBLIC_CHAT_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';
import {
  attachAnswerAudio,
  findThreadAnswer,
  privacyGateFor,
  type ThreadAccess,
  threadOfAnswerAudio,
  throttlePublicMessage,
} from '../chat/index.ts';
import { recordUsage } from '../usage/index.ts';
import { audienceOf, releaseCredits, reserveCredits } from '../credits/index.ts';
import { priceUnits } from '../../../shared/credit-prices.ts';

import { AUDIO_FOLDER } from './voice.repository.ts';

interface ThreadRef {
  assistantUuid: string;
  threadId: number;
  token?: string;
}

/**
 * Voice input: a mono WAV recording becomes the text of the next message. Audio cannot be masked
 * by the privacy filter, so from protection level 1 the server refuses it outside the public chat
 * (where the spec keeps voice at every level: the transcription provider receives the audio, the
 * transcript is masked like any message before it goes on to the chat model).
 */
export async function transcribeRecording(
  deps: Deps,
  caller: { auth: AuthContext | null; ip: string },
  ref: ThreadRef,
  wav: Buffer,
): Promise<{ message: string; addCost: number }> {
  const access = await requireAccess(caller.auth, 'thread', ref, deps);
  if (!access.thread.isPublic && access.team.protectionLevel >= 1) throw new AppError('FORBIDDEN', USER_MESSAGES.voiceRefused);
  await throttlePublicMessage(deps, access, caller.ip);
  try {
    const pcm = readPcmWav(wav);
    if (pcm.samples.length === 0) throw new Error('empty');
  } catch {
    throw new AppError('VALIDATION', PUBLIC_CHAT_MESSAGES.audioInvalid, { fields: { audio: [PUBLIC_CHAT_MESSAGES.audioInvalid] } });
  }
  if (!deps.ai.canTranscribe) throw new AppError('VALIDATION', PUBLIC_CHAT_MESSAGES.transcriptionUnavailable);
  // The recording's length is its price: held before the provider hears it.
  const seconds = Math.ceil(wavSeconds(wav));
  const hold = await reserveCredits(
    deps.db,
    { teamId: access.thread.teamId, audience: audienceOf(caller.auth, access.thread.isPublic) },
    'transcription',
    priceUnits({ capability: 'transcription', model: 'provider', audioSeconds: seconds }),
  );
  try {
    return await transcribeHeld(deps, access, wav, hold);
  } finally {
    await releaseCredits(deps.db, hold);
  }
}

async function transcribeHeld(
  deps: Deps,
  access: ThreadAccess,
  wav: Buffer,
  hold: Awaited<ReturnType<typeof reserveCredits>>,
): Promise<{ message: string; addCost: number }> {
  let transcript;
  try {
    transcript = await deps.ai.transcribe(privacyGateFor(access), wav);
  } catch (err) {
    deps.log.warn({ err }, 'transcription failed');
    throw new AppError('VALIDATION', PUBLIC_CHAT_MESSAGES.transcriptionFailed);
  }
  await recordUsage(deps.db, [
    {
      teamId: access.thread.teamId,
      assistantId: access.assistant.id,
      threadId: access.thread.id,
      capability: 'transcription',
      model: transcript.model,
      audioSeconds: transcript.audioSeconds,
    },
  ], hold);
  if (!transcript.text) throw new AppError('VALIDATION', PUBLIC_CHAT_MESSAGES.transcriptEmpty);
  return { message: transcript.text, addCost: 0 };
}

/**
 * Voice output for a stored answer (`msgId`; a `msg` text from the client is never spoken — it
 * could carry anything past the privacy gate). Synthesised to MP3 through the gateway: a text with
 * protected terms is spoken by the bundled synthesizer, never sent to a speech provider. The file
 * is stored privately and attached to the message so the history can replay it.
 */
export async function answerToVoice(
  deps: Deps,
  caller: { auth: AuthContext | null; ip: string },
  input: ThreadRef & { msgId: number },
): Promise<{ mp3: Buffer; file: string }> {
  const access = await requireAccess(caller.auth, 'thread', input, deps);
  if (!access.assistant.canTalk) throw new AppError('FORBIDDEN', 'Dieser Mika sendet nur Text.');
  await throttlePublicMessage(deps, access, caller.ip);
  const answer = await findThreadAnswer(deps, access, input.msgId);
  if (!answer || !answer.text.trim()) throw new AppError('NOT_FOUND', PUBLIC_CHAT_MESSAGES.messageNotFound);
  const folder = `${AUDIO_FOLDER}-${access.assistant.uuid}`;
  // Spoken once, replayed after: the same answer is never synthesised (and paid for) twice.
  if (answer.audio) {
    const stored = await deps.privateFiles.read(folder, answer.audio);
    if (stored) return { mp3: stored, file: answer.audio };
  }
  const hold = await reserveCredits(
    deps.db,
    { teamId: access.thread.teamId, audience: audienceOf(caller.auth, access.thread.isPublic) },
    'speech',
    priceUnits({ capability: 'speech', model: 'provider', characters: speakableText(answer.text).length }),
  );
  try {
    let spoken;
    try {
      spoken = await deps.ai.speak(privacyGateFor(access), answer.text, deps.config.ai.speechVoice);
    } catch (err) {
      deps.log.warn({ err }, 'speech synthesis failed');
      throw new AppError('VALIDATION', PUBLIC_CHAT_MESSAGES.speechFailed);
    }
    const file = await deps.privateFiles.put(folder, 'mp3', spoken.mp3);
    await attachAnswerAudio(deps, answer.id, file);
    await recordUsage(deps.db, [
      {
        teamId: access.thread.teamId,
        assistantId: access.assistant.id,
        threadId: access.thread.id,
        messageId: answer.id,
        capability: 'speech',
        model: spoken.model,
        characters: spoken.characters,
      },
    ], hold);
    return { mp3: spoken.mp3, file };
  } finally {
    await releaseCredits(deps.db, hold);
  }
}

/** GET /audio/{assistantUuid}/{file}?token=: the file must belong to a message of the token's thread. */
export async function readAnswerAudio(
  deps: Deps,
  auth: AuthContext | null,
  ref: { assistantUuid: string; file: string; token?: string },
): Promise<Buffer> {
  requireAccess(auth, 'anyone');
  const threadId = await threadOfAnswerAudio(deps, ref.file);
  const notFound = () => new AppError('NOT_FOUND', 'Die Audiodatei konnte nicht geladen werden.');
  if (threadId === undefined) throw notFound();
  await requireAccess(auth, 'thread', { assistantUuid: ref.assistantUuid, threadId, token: ref.token }, deps);
  const data = await deps.privateFiles.read(`${AUDIO_FOLDER}-${ref.assistantUuid}`, ref.file);
  if (!data) throw notFound();
  return data;
}
