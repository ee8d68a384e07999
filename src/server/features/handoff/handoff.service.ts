import { requireAccess } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { HANDOFF_MESSAGES } from '../../../shared/messages.ts';
import type { ChatMessage, StreamEvent } from '../../../shared/schemas/chat.ts';
import {
  DEFAULT_HANDOFF_SETTINGS,
  type HandoffRequestResult,
  type HandoffSettings,
  type LiveThread,
  type LiveThreadUpdated,
} from '../../../shared/schemas/handoff.ts';
import { planHasRights } from '../assistants/index.ts';
import { appendThreadMessage, threadMessagesById, type ThreadAccess } from '../chat/index.ts';
import { getToolState } from '../tools/index.ts';
import { isWithinHours } from './handoff-hours.ts';
import { asksForPerson } from './handoff-phrases.ts';
import {
  expireWaitingRequests,
  findHandoff,
  findHandoffSettings,
  findLiveThread,
  listLiveThreads,
  liveAssistantIds,
  markRequested,
  releaseHandoff,
  returnIdleHandoffs,
  takeHandoff,
  touchHandoff,
  upsertHandoffSettings,
  usersWithUseRight,
} from './handoff.repository.ts';

/** A held thread whose person stays quiet this long goes back to the Mika (issue 35). */
export const HANDOFF_IDLE_MS = 10 * 60_000;

// ---- Settings (Veröffentlichung tab) ----

function assertTeamChatMika(assistant: { type: string; teamId: number | null }) {
  if (assistant.type !== 'chat' || assistant.teamId === null) throw new AppError('VALIDATION', HANDOFF_MESSAGES.notPublicChat);
}

/** GET /api/handoff/{assistantUuid}: the Mika's hand-off settings (defaults when never saved). */
export async function getHandoffSettings(deps: Deps, auth: AuthContext, uuid: string): Promise<HandoffSettings> {
  const assistant = await requireAccess(auth, 'assistant.edit', uuid, deps);
  assertTeamChatMika(assistant);
  const row = await findHandoffSettings(deps.db, assistant.id);
  if (!row) return DEFAULT_HANDOFF_SETTINGS;
  return { enabled: row.enabled, hours: row.hours, waitSeconds: row.waitSeconds, greeting: row.greeting };
}

/** PUT /api/handoff/{assistantUuid}. */
export async function saveHandoffSettings(deps: Deps, auth: AuthContext, uuid: string, input: HandoffSettings) {
  const assistant = await requireAccess(auth, 'assistant.edit', uuid, deps);
  assertTeamChatMika(assistant);
  const hours = [...input.hours].sort((a, b) => a.day - b.day || a.from.localeCompare(b.from));
  await upsertHandoffSettings(deps.db, { assistantId: assistant.id, teamId: assistant.teamId!, ...input, hours });
  return { ...input, hours, message: HANDOFF_MESSAGES.saved };
}

/** Public: whether the published Mika's chat shows "Mit einem Menschen sprechen". */
export async function isHandoffOffered(deps: Deps, assistant: { id: number; teamId: number | null; type: string }): Promise<boolean> {
  if (assistant.teamId === null || assistant.type !== 'chat') return false;
  return (await findHandoffSettings(deps.db, assistant.id))?.enabled === true;
}

// ---- The visitor asks for a person ----

function publishVisitor(deps: Deps, threadId: number) {
  // The visitor's chat refetches its messages on a finished progress event (no model ran).
  deps.realtime?.publishProgress({ threadId, status: 'done-ai', msg: '' });
}

function publishOffice(deps: Deps, assistantId: number, event: LiveThreadUpdated) {
  deps.realtime?.publishLive(assistantId, event);
}

/**
 * Available: within the opening hours, someone with the use right on the Mika has an office tab
 * open (a socket in the Mika's live room, on any instance).
 */
async function someoneAvailable(deps: Deps, access: ThreadAccess, hoursOk: boolean): Promise<boolean> {
  if (!hoursOk || !deps.realtime || !access.team.id) return false;
  const present = await deps.realtime.liveUsers(access.assistant.id);
  return (await usersWithUseRight(deps.db, access.assistant.id, present, planHasRights(access.team))).length > 0;
}

/** The Mika says nobody is there and offers the contact form when it has one; the last message's id. */
async function sayUnavailable(deps: Deps, threadId: number, assistantId: number): Promise<number> {
  const form = (await getToolState(deps, assistantId, 'form')).active;
  const said = await appendThreadMessage(deps, threadId, { origin: 'ai', text: form ? HANDOFF_MESSAGES.unavailableWithForm : HANDOFF_MESSAGES.unavailable });
  if (!form) return said.id;
  return (await appendThreadMessage(deps, threadId, { origin: 'ai', type: 'form', text: '' })).id;
}

/** The request (button, phrase or the model's tool): its status and the id of the last message it stored. */
async function askForPerson(deps: Deps, access: ThreadAccess): Promise<HandoffRequestResult & { messageId: number | null }> {
  const { thread, assistant } = access;
  const settings = await findHandoffSettings(deps.db, assistant.id);
  if (!settings?.enabled || thread.teamId === null) {
    const messageId = await sayUnavailable(deps, thread.id, assistant.id);
    publishVisitor(deps, thread.id);
    return { status: 'unavailable', messageId };
  }
  const current = await findHandoff(deps.db, thread.id);
  if (current?.takenBy) return { status: 'waiting', messageId: null };
  if (!(await someoneAvailable(deps, access, isWithinHours(settings.hours, new Date())))) {
    const messageId = await sayUnavailable(deps, thread.id, assistant.id);
    publishVisitor(deps, thread.id);
    return { status: 'unavailable', messageId };
  }
  await markRequested(deps.db, { threadId: thread.id, assistantId: assistant.id });
  const greeting = await appendThreadMessage(deps, thread.id, { origin: 'ai', text: settings.greeting || HANDOFF_MESSAGES.defaultGreeting });
  publishVisitor(deps, thread.id);
  publishOffice(deps, assistant.id, { threadId: thread.id, assistantUuid: assistant.uuid, kind: 'requested' });
  return { status: 'waiting', messageId: greeting.id };
}

/** POST /api/handoff/request: the visitor's button "Mit einem Menschen sprechen". */
export async function requestHandoff(
  deps: Deps,
  auth: AuthContext | null,
  ref: { assistantUuid: string; threadId: number; token: string },
): Promise<HandoffRequestResult> {
  const access = await requireAccess(auth, 'thread', ref, deps);
  if (!access.thread.isPublic) throw new AppError('NOT_FOUND', HANDOFF_MESSAGES.threadNotFound);
  const { status } = await askForPerson(deps, access);
  return { status };
}

/**
 * The chat's visitor-turn hook (registered at the app's wiring): a message in a held thread is
 * stored for the person (no model, no credits; the visitor limits were counted by the answer's
 * first statement). Offline, a message of the phrase list starts the request; with a real model
 * the model signals the wish by its tool (`requested`, decision 046). Anything else goes on to
 * the Mika, and the office sees that the conversation moved.
 */
export const handoffVisitorTurn = {
  // Checked, not yet stored: the text goes to the office at once (its list shows it without a
  // refetch); a plain `message` event follows once stored — or not — and the office reads the truth.
  accepted: (deps: Deps, access: ThreadAccess, question: string) =>
    publishOffice(deps, access.assistant.id, {
      threadId: access.thread.id,
      assistantUuid: access.assistant.uuid,
      kind: 'message',
      visitor: { text: question, at: new Date().toISOString() },
    }),
  take: handleVisitorTurn,
  stored: (deps: Deps, access: ThreadAccess) =>
    publishOffice(deps, access.assistant.id, { threadId: access.thread.id, assistantUuid: access.assistant.uuid, kind: 'message' }),
  // The model called the person tool: the request as for the button.
  requested: async (deps: Deps, access: ThreadAccess): Promise<number | null> => (await askForPerson(deps, access)).messageId,
};

async function handleVisitorTurn(deps: Deps, access: ThreadAccess, question: string, emit: (event: StreamEvent) => void): Promise<boolean> {
  const { thread, assistant } = access;
  const office = (kind: LiveThreadUpdated['kind']) => publishOffice(deps, assistant.id, { threadId: thread.id, assistantUuid: assistant.uuid, kind });
  // The office saw the text already (`accepted`); once stored — or not — it reads the truth.
  const store = () => appendThreadMessage(deps, thread.id, { origin: 'user', text: question }).finally(() => office('message'));
  if (access.handoff?.heldBy != null) {
    const stored = await store();
    emit({ type: 'held', message_id: stored.id });
    return true;
  }
  if (deps.ai.offline && asksForPerson(question)) {
    const stored = await store();
    await askForPerson(deps, access);
    emit({ type: 'held', message_id: stored.id });
    return true;
  }
  return false;
}

// ---- The office area "Live" ----

const allMikas = (auth: AuthContext) => auth.user.isAdmin || !planHasRights(auth.team);

/** The Mikas whose live room the member joins (the office socket). */
export async function liveRoomsOf(deps: Deps, auth: AuthContext | null): Promise<{ userId: number; assistantIds: number[] } | null> {
  requireAccess(auth, 'anyone');
  if (!auth) return null;
  const assistantIds = await liveAssistantIds(deps.db, { teamId: auth.team.id, userId: auth.user.id, allMikas: allMikas(auth) });
  return { userId: auth.user.id, assistantIds };
}

/**
 * Whether the office shows «Live» to the member (the user data's `canTakeLive`): admins always;
 * others when they may use a published chat Mika with the hand-off on (all of them on a plan
 * without rights). The server checks every call of «Live» again.
 */
export async function canTakeLive(deps: Deps, auth: AuthContext): Promise<boolean> {
  requireAccess(auth, 'member');
  if (auth.user.isAdmin) return true;
  const ids = await liveAssistantIds(deps.db, { teamId: auth.team.id, userId: auth.user.id, allMikas: allMikas(auth), published: true, limit: 1 });
  return ids.length > 0;
}

/** GET /api/live/threads. */
export async function listLive(deps: Deps, auth: AuthContext): Promise<LiveThread[]> {
  requireAccess(auth, 'member');
  const ids = await liveAssistantIds(deps.db, { teamId: auth.team.id, userId: auth.user.id, allMikas: allMikas(auth) });
  const rows = await listLiveThreads(deps.db, auth.team.id, ids);
  return rows.map((r) => ({
    threadId: Number(r.thread_id),
    assistantUuid: r.assistant_uuid,
    assistantName: r.assistant_name,
    requested: Boolean(r.requested),
    takenBy: r.taken_by_name,
    takenByMe: r.taken_by === auth.user.id,
    lastMessage: r.last_message ?? '',
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** A public thread of the caller's team on a Mika they may use with hand-off on: else 404 / 403. */
async function liveThreadFor(deps: Deps, auth: AuthContext, threadId: number) {
  const row = await findLiveThread(deps.db, auth.team.id, threadId);
  if (!row) throw new AppError('NOT_FOUND', HANDOFF_MESSAGES.threadNotFound);
  const ids = await liveAssistantIds(deps.db, { teamId: auth.team.id, userId: auth.user.id, allMikas: allMikas(auth) });
  if (!ids.includes(row.thread.assistantId)) throw new AppError('FORBIDDEN', HANDOFF_MESSAGES.noRight);
  return row;
}

/** The display name the visitor sees: the first name, never the e-mail address. */
export function staffName(auth: AuthContext): string {
  return auth.user.name.trim().split(/\s+/)[0] || HANDOFF_MESSAGES.teamFallbackName;
}

/** GET /api/live/threads/{threadId}/messages: the whole conversation for the office. */
export async function liveThreadMessages(deps: Deps, auth: AuthContext, threadId: number): Promise<ChatMessage[]> {
  requireAccess(auth, 'member');
  const row = await liveThreadFor(deps, auth, threadId);
  return threadMessagesById(deps, row.thread.id);
}

/** POST /api/live/threads/{threadId}/take: first wins (409 names who has it). */
export async function takeLiveThread(deps: Deps, auth: AuthContext, threadId: number) {
  requireAccess(auth, 'member');
  const row = await liveThreadFor(deps, auth, threadId);
  const name = staffName(auth);
  const held = await findHandoff(deps.db, threadId);
  if (held?.takenBy === auth.user.id) return { status: 'success' as const, takenBy: name };
  const taken = await takeHandoff(deps.db, { threadId, assistantId: row.thread.assistantId, userId: auth.user.id, name });
  if (!taken) {
    const other = await findHandoff(deps.db, threadId);
    throw new AppError('CONFLICT', HANDOFF_MESSAGES.takenByOther(other?.takenByName ?? HANDOFF_MESSAGES.teamFallbackName));
  }
  await appendThreadMessage(deps, threadId, { origin: 'staff', text: HANDOFF_MESSAGES.joined(name), authorName: name });
  await recordAudit(deps.db, { action: 'handoff.taken', ...auditFrom(auth), detail: { threadId, assistantUuid: row.assistantUuid } });
  publishVisitor(deps, threadId);
  publishOffice(deps, row.thread.assistantId, { threadId, assistantUuid: row.assistantUuid, kind: 'taken' });
  return { status: 'success' as const, takenBy: name };
}

/** POST /api/live/threads/{threadId}/message: only the holder writes; stored as a thread message. */
export async function sendLiveMessage(deps: Deps, auth: AuthContext, threadId: number, text: string): Promise<ChatMessage> {
  requireAccess(auth, 'member');
  const row = await liveThreadFor(deps, auth, threadId);
  if (!(await touchHandoff(deps.db, threadId, auth.user.id))) throw new AppError('CONFLICT', HANDOFF_MESSAGES.notTaken);
  const message = await appendThreadMessage(deps, threadId, { origin: 'staff', text, authorName: staffName(auth) });
  publishVisitor(deps, threadId);
  publishOffice(deps, row.thread.assistantId, { threadId, assistantUuid: row.assistantUuid, kind: 'message' });
  return message;
}

/** POST /api/live/threads/{threadId}/release: "An Mika zurückgeben". */
export async function releaseLiveThread(deps: Deps, auth: AuthContext, threadId: number) {
  requireAccess(auth, 'member');
  const row = await liveThreadFor(deps, auth, threadId);
  if (!(await releaseHandoff(deps.db, threadId, auth.user.id))) throw new AppError('CONFLICT', HANDOFF_MESSAGES.notTaken);
  await appendThreadMessage(deps, threadId, { origin: 'ai', text: HANDOFF_MESSAGES.returned });
  await recordAudit(deps.db, { action: 'handoff.returned', ...auditFrom(auth), detail: { threadId, assistantUuid: row.assistantUuid, reason: 'released' } });
  publishVisitor(deps, threadId);
  publishOffice(deps, row.thread.assistantId, { threadId, assistantUuid: row.assistantUuid, kind: 'released' });
  return { status: 'success' as const };
}

// ---- The sweep: requests nobody took, held threads nobody answers ----

/**
 * Ends requests whose wait time passed (the Mika says nobody is there) and returns held threads
 * quiet for 10 minutes (with a note). Every step is one UPDATE … RETURNING: instances may sweep at
 * the same time, each thread is handled once.
 */
export async function sweepHandoffs(deps: Deps, now: Date = new Date()): Promise<{ expired: number; returned: number }> {
  const expired = await expireWaitingRequests(deps.db, now);
  for (const e of expired) {
    await sayUnavailable(deps, e.threadId, e.assistantId);
    publishVisitor(deps, e.threadId);
    publishOffice(deps, e.assistantId, { threadId: e.threadId, assistantUuid: e.assistantUuid, kind: 'released' });
  }
  const returned = await returnIdleHandoffs(deps.db, new Date(now.getTime() - HANDOFF_IDLE_MS));
  for (const r of returned) {
    await appendThreadMessage(deps, r.threadId, { origin: 'ai', text: HANDOFF_MESSAGES.returnedIdle });
    // No caller: the entry names the thread's team (no actor: the sweep returned it).
    await recordAudit(deps.db, { action: 'handoff.returned', team: r.team, detail: { threadId: r.threadId, assistantUuid: r.assistantUuid, reason: 'idle' } });
    publishVisitor(deps, r.threadId);
    publishOffice(deps, r.assistantId, { threadId: r.threadId, assistantUuid: r.assistantUuid, kind: 'released' });
  }
  return { expired: expired.length, returned: returned.length };
}
