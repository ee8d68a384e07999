import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { synthesizeSpeech, transcribeAudio, readPcmWav } from '../../ai/speech.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { MP, MU } from '../../../shared/messages.ts';
import { resolveThreadAccess, throttlePublicMessage, type ThreadAccess } from '../chat/chat.service.ts';

const AUDIO_FOLDER = 'audio';

interface ThreadRef {
  assistantUuid: string;
  threadId: number;
  token?: string;
}

/**
 * Voice input: a mono WAV recording becomes the text of the next message. Audio cannot be masked
 * by the privacy filter, so from protection level 1 the server refuses it outside the public chat.
 */
export async function transcribeRecording(
  deps: Deps,
  caller: { auth: AuthContext | null; ip: string },
  ref: ThreadRef,
  wav: Buffer,
): Promise<{ message: string; addCost: number }> {
  const access = await resolveThreadAccess(deps, caller.auth, ref);
  if (!access.thread.isPublic && access.team.protectionLevel >= 1) throw new AppError('FORBIDDEN', MU.voiceRefused);
  await throttlePublicMessage(deps, access, caller.ip);
  try {
    const pcm = readPcmWav(wav);
    if (pcm.samples.length === 0) throw new Error('empty');
  } catch {
    throw new AppError('VALIDATION', MP.audioInvalid, { fields: { audio: [MP.audioInvalid] } });
  }
  if (!deps.ai.transcription) throw new AppError('VALIDATION', MP.transcriptionUnavailable);
  let text: string;
  try {
    text = await transcribeAudio(deps.ai, wav);
  } catch (err) {
    deps.log.warn({ err }, 'transcription failed');
    throw new AppError('VALIDATION', MP.transcriptionFailed);
  }
  if (!text) throw new AppError('VALIDATION', MP.transcriptEmpty);
  return { message: text, addCost: 0 };
}

/**
 * Voice output for an answer: synthesised to MP3 (provider speech model, else the bundled
 * eSpeak-NG), stored privately and attached to the message so the history can replay it.
 */
export async function answerToVoice(
  deps: Deps,
  caller: { auth: AuthContext | null; ip: string },
  input: ThreadRef & { msgId?: number; msg?: string },
): Promise<{ mp3: Buffer; file: string }> {
  const access: ThreadAccess = await resolveThreadAccess(deps, caller.auth, input);
  if (!access.assistant.canTalk) throw new AppError('FORBIDDEN', 'Dieser Mika sendet nur Text.');
  await throttlePublicMessage(deps, access, caller.ip);
  let text = input.msg ?? '';
  if (input.msgId) {
    const [row] = await deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, input.msgId), eq(messages.threadId, access.thread.id), eq(messages.origin, 'ai')));
    if (!row) throw new AppError('NOT_FOUND', MP.messageNotFound);
    text = row.text;
  }
  if (!text.trim()) throw new AppError('VALIDATION', MP.messageNotFound);
  let mp3: Buffer;
  try {
    mp3 = await synthesizeSpeech(deps.ai, text, deps.config.ai.speechVoice);
  } catch (err) {
    deps.log.warn({ err }, 'speech synthesis failed');
    throw new AppError('VALIDATION', MP.speechFailed);
  }
  const file = await deps.privateFiles.put(`${AUDIO_FOLDER}-${access.assistant.uuid}`, 'mp3', mp3);
  if (input.msgId) {
    await deps.db.update(messages).set({ audio: file }).where(eq(messages.id, input.msgId));
  }
  return { mp3, file };
}

/** GET /audio/{assistantUuid}/{file}?token=: the file must belong to a message of the token's thread. */
export async function readAnswerAudio(
  deps: Deps,
  auth: AuthContext | null,
  ref: { assistantUuid: string; file: string; token?: string },
): Promise<Buffer> {
  const [row] = await deps.db
    .select({ threadId: messages.threadId })
    .from(messages)
    .where(eq(messages.audio, ref.file));
  const notFound = new AppError('NOT_FOUND', 'Die Audiodatei konnte nicht geladen werden.');
  if (!row) throw notFound;
  await resolveThreadAccess(deps, auth, { assistantUuid: ref.assistantUuid, threadId: row.threadId, token: ref.token });
  const data = await deps.privateFiles.read(`${AUDIO_FOLDER}-${ref.assistantUuid}`, ref.file);
  if (!data) throw notFound;
  return data;
}
