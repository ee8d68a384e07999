import { requireAccess } from '../../platform/access.ts';
import { sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import type { Assistant, Team } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { FILE_SWEEP_JOB } from '../../platform/file-sweep.ts';
import { generateAvatarSvg } from '../../platform/avatar.ts';
import { reencodeImage } from '../../platform/images.ts';
import { publicUrl } from '../../platform/storage.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { ASSISTANT_MESSAGES, CREDIT_MESSAGES } from '../../../shared/messages.ts';
import { FEEDBACKS } from '../../../shared/feedback.ts';
import { PLAN_LIMITS, type PlanSlug } from '../../../shared/constants.ts';
import { trialEnded } from '../credits/index.ts';
import type {
  AssistantDetail,
  AssistantSummary,
  ZAssistantPublic,
  ZCreateAssistantRequest,
  ZUpdateAssistantRequest,
} from '../../../shared/schemas/assistants.ts';
import type { z } from '../../../shared/zod.ts';
import { getTeamLimits, loadTeamForUpdate } from '../teams/index.ts';
import { isToolActive } from '../../ai/tools/tool-state.ts';
import { GUIDE_SEED_KEY } from './assistant.seed.ts';
import {
  countOwnAssistants,
  countPublishedAssistants,
  deleteAssistantRow,
  findPublicAssistant,
  findVisibleAssistant,
  insertAssistant,
  listVisibleAssistants,
  updateAssistantRow,
  upsertAssistantRight,
  type AssistantChanges,
  type AssistantWithRights,
} from './assistant.repository.ts';

export interface LimitState {
  count: number;
  bought: number;
  /** More own assistants than booked: every action but delete is refused. */
  exceeded: boolean;
  /** No free slot for a new assistant. */
  full: boolean;
  /** The trial ended and no plan was booked: assistants can be neither used nor changed. */
  trialEnded: boolean;
}

export async function getLimitState(db: Db, team: Team): Promise<LimitState> {
  return limitStateFrom(team, await countOwnAssistants(db, team.id));
}

/** The limit state from a count the caller already has (e.g. from a joined query). */
export function limitStateFrom(team: Team, count: number): LimitState {
  const limits = getTeamLimits(team);
  const bought = limits.assistantLimitRegular + limits.assistantAddons;
  return { count, bought, exceeded: count > bought, full: count >= bought, trialEnded: trialEnded(team) };
}

/** Whether the team's plan has per-assistant roles and rights (Team, Agency, the trial). */
export function planHasRights(team: Pick<Team, 'planSlug'>): boolean {
  return PLAN_LIMITS[team.planSlug as PlanSlug]?.rights ?? true;
}

/** 403 with a feedback action to the offer (docs/plans.md): nothing is deleted, the owner can book. */
export function trialEndedError() {
  return new AppError('FORBIDDEN', CREDIT_MESSAGES.trialEnded, {
    feedback: FEEDBACKS.trialEnded,
  });
}

/**
 * Publishing only within the team's public licences (plan amount + extras). Assistants published
 * already stay published; only a new publication beyond the count is refused. Call it inside the
 * transaction that publishes, after locking the team row.
 */
async function assertCanPublish(db: Db, team: Team, assistantId?: number): Promise<void> {
  const licences = team.amountPublicLicences + team.amountExtraPublicLicences;
  if (licences <= 0) throw new AppError('FORBIDDEN', CREDIT_MESSAGES.publishNotIncluded);
  if ((await countPublishedAssistants(db, team.id, assistantId)) >= licences) throw new AppError('FORBIDDEN', CREDIT_MESSAGES.publishLimit(licences));
}

/** The help Mika (the shipped guide) costs no credits and counts against no limit. */
export function isFreeAssistant(a: Pick<Assistant, 'seedKey'>): boolean {
  return a.seedKey === GUIDE_SEED_KEY;
}

/** isFreeAssistant in SQL, on an assistant's `seed_key` (a statement that holds credits, decision 038). */
export function isFreeAssistantSql(seedKey: SQL): SQL<boolean> {
  return sql<boolean>`(${seedKey} is not distinct from ${GUIDE_SEED_KEY})`;
}

/** Admins have every right on their team's assistants; employees what an admin granted. */
export function rightsFor(auth: AuthContext, row: AssistantWithRights): { canUse: boolean; canEdit: boolean } {
  const { user, team } = auth;
  const a = row.assistant;
  // Without roles and rights in the plan (Solo) every member uses every Mika; only admins edit.
  const withRights = planHasRights(team);
  const canUse = user.isAdmin || user.isSuperadmin || !withRights || row.canUse === true;
  let canEdit: boolean;
  if (a.isDefault || a.teamId === null) canEdit = user.isSuperadmin && team.planSlug !== 'trial';
  else canEdit = user.isAdmin || (withRights && row.canEdit === true);
  return { canUse, canEdit };
}

const flag = (b: boolean) => (b ? 1 : 0);

export function toSummary(a: Assistant, rights: { canUse: boolean; canEdit: boolean }, exceeded: boolean): AssistantSummary {
  return {
    id: a.id,
    uuid: a.uuid,
    name: a.name,
    type: a.type as AssistantSummary['type'],
    role: a.role,
    image: publicUrl(a.image),
    logo: publicUrl(a.logo),
    intro: a.intro,
    can_talk: flag(a.canTalk),
    is_public: flag(a.isPublic),
    is_default: flag(a.isDefault),
    team_id: a.teamId,
    can_use: rights.canUse,
    can_edit: rights.canEdit,
    amount_exceeded: exceeded,
    primary_background_color: a.primaryBackgroundColor,
    secondary_background_color: a.secondaryBackgroundColor,
    tertiary_background_color: a.tertiaryBackgroundColor,
    button_color: a.buttonColor,
  };
}

function toDetail(
  a: Assistant,
  rights: { canUse: boolean; canEdit: boolean },
  exceeded: boolean,
  providesForm: boolean,
): AssistantDetail {
  return {
    ...toSummary(a, rights, exceeded),
    task: a.task,
    special: a.special,
    style: a.style,
    thinking_expressions: a.thinkingExpressions,
    provides_form: flag(providesForm),
    owner_email: a.ownerEmail,
    main_style: a.mainStyle,
    sub_style: a.subStyle,
    is_image_style_custom: flag(a.isImageStyleCustom),
    allowed_domains: a.allowedDomains,
  };
}

export function toPublic(a: Assistant): z.infer<typeof ZAssistantPublic> {
  return {
    uuid: a.uuid,
    name: a.name,
    type: a.type as AssistantSummary['type'],
    image: publicUrl(a.image),
    logo: publicUrl(a.logo),
    intro: a.intro,
    can_talk: flag(a.canTalk),
    primary_background_color: a.primaryBackgroundColor,
    secondary_background_color: a.secondaryBackgroundColor,
    tertiary_background_color: a.tertiaryBackgroundColor,
    button_color: a.buttonColor,
  };
}

export async function listAssistants(deps: Deps, auth: AuthContext): Promise<AssistantSummary[]> {
  requireAccess(auth, 'member');
  const rows = await listVisibleAssistants(deps.db, auth.team.id, auth.user.id);
  // The list holds all of the team's own assistants: the plan limit is counted from it (one query).
  const own = rows.filter((row) => row.assistant.teamId === auth.team.id && !row.assistant.isDefault).length;
  const limit = limitStateFrom(auth.team, own);
  return rows.map((row) => toSummary(row.assistant, rightsFor(auth, row), limit.exceeded));
}

async function loadVisible(deps: Deps, auth: AuthContext, uuid: string) {
  const row = await findVisibleAssistant(deps.db, auth.team.id, auth.user.id, uuid);
  // Another team's assistant is indistinguishable from one that does not exist.
  if (!row) throw new AppError('NOT_FOUND', ASSISTANT_MESSAGES.notFound);
  return { row, rights: rightsFor(auth, row) };
}

function overLimitError(limit: LimitState) {
  return new AppError('FORBIDDEN', ASSISTANT_MESSAGES.overLimit(limit.count, limit.bought));
}

/**
 * The access check for every feature that works with an assistant (chat, task, image, knowledge):
 * visible to the team, the use right, and the team within its plan.
 */
export async function assertCanUseAssistant(deps: Deps, auth: AuthContext, uuid: string): Promise<Assistant> {
  const { row, rights } = await loadVisible(deps, auth, uuid);
  assertUsable(rights, await getLimitState(deps.db, auth.team));
  return row.assistant;
}

/** The use check on data a caller loaded in one go (the chat's hot path joins rights and count). */
export function assertUsable(rights: { canUse: boolean }, limit: LimitState): void {
  if (limit.trialEnded) throw trialEndedError();
  if (!rights.canUse) throw new AppError('FORBIDDEN', ASSISTANT_MESSAGES.noPermission);
  if (limit.exceeded) throw overLimitError(limit);
}

/** The edit right, the team within its plan: the check for every change to an assistant. */
export async function assertCanEditAssistant(deps: Deps, auth: AuthContext, uuid: string): Promise<Assistant> {
  return (await loadEditable(deps, auth, uuid)).row.assistant;
}

async function loadEditable(deps: Deps, auth: AuthContext, uuid: string) {
  const { row, rights } = await loadVisible(deps, auth, uuid);
  if (trialEnded(auth.team)) throw trialEndedError();
  if (!rights.canEdit) {
    throw new AppError('FORBIDDEN', row.assistant.isDefault ? ASSISTANT_MESSAGES.defaultNotEditable : ASSISTANT_MESSAGES.noPermission);
  }
  const limit = await getLimitState(deps.db, auth.team);
  if (limit.exceeded) throw overLimitError(limit);
  return { row, rights };
}

/** A published assistant by uuid, or undefined (also when it was unpublished a moment ago). */
export async function findPublishedAssistant(deps: Deps, uuid: string): Promise<Assistant | undefined> {
  return findPublicAssistant(deps.db, uuid);
}

/** With a session: what the user may see; without one: only published assistants, public fields. */
export async function getAssistant(deps: Deps, auth: AuthContext | null, uuid: string) {
  requireAccess(auth, 'anyone');
  if (auth) {
    const row = await findVisibleAssistant(deps.db, auth.team.id, auth.user.id, uuid);
    if (row) {
      const limit = await getLimitState(deps.db, auth.team);
      return toSummary(row.assistant, rightsFor(auth, row), limit.exceeded);
    }
  }
  const published = await findPublicAssistant(deps.db, uuid);
  if (!published) throw new AppError('NOT_FOUND', ASSISTANT_MESSAGES.notFound);
  return toPublic(published);
}

export async function getAssistantDetail(deps: Deps, auth: AuthContext, uuid: string): Promise<AssistantDetail> {
  requireAccess(auth, 'member');
  const { row, rights } = await loadEditable(deps, auth, uuid);
  return toDetail(row.assistant, rights, false, await isToolActive(deps.db, row.assistant.id, 'form'));
}

const DEFAULT_THINKING = 'Ich denke nach …, Einen Moment bitte …, Ich sehe mir das genauer an …';

export async function createAssistant(
  deps: Deps,
  auth: AuthContext,
  input: z.output<typeof ZCreateAssistantRequest>,
): Promise<{ uuid: string }> {
  requireAccess(auth, 'admin', ASSISTANT_MESSAGES.noPermission);
  if (trialEnded(auth.team)) throw trialEndedError();
  const svgSeed = crypto.randomUUID();
  const image = await deps.storage.put('avatars', 'svg', generateAvatarSvg(svgSeed), svgSeed);
  const uuid = await deps.db.transaction(async (tx) => {
    // Lock the team row: two parallel creates cannot both take the last free slot.
    const team = await loadTeamForUpdate(tx, auth.team.id);
    const limit = await getLimitState(tx, team);
    if (limit.full) throw new AppError('FORBIDDEN', ASSISTANT_MESSAGES.limitReached);
    if (input.is_public === 1) await assertCanPublish(tx, team);
    return insertAssistant(tx, {
        teamId: auth.team.id,
        name: input.name,
        type: input.type,
        role: input.role,
        task: input.task,
        style: input.type === 'chat' ? input.style : '',
        isPublic: input.is_public === 1,
        canTalk: input.can_talk === 1,
        intro: `Hallo, ich bin ${input.name}. Wie kann ich Dir helfen?`,
        thinkingExpressions: DEFAULT_THINKING,
        ownerEmail: auth.user.email,
        image,
        createdBy: auth.user.id,
      });
  });
  return { uuid };
}

type UpdateInput = z.output<typeof ZUpdateAssistantRequest>['assistant'];

export async function updateAssistant(deps: Deps, auth: AuthContext, input: UpdateInput): Promise<AssistantDetail> {
  const current = await requireAccess(auth, 'assistant.edit', input.uuid, deps);
  const set: AssistantChanges = {};
  if (input.name !== undefined) {
    // The whole property form: absent optional texts are cleared, as the form shows them empty.
    Object.assign(set, {
      type: input.type,
      name: input.name,
      role: input.role ?? '',
      task: input.task ?? '',
      special: input.special ?? '',
      style: input.type === 'chat' ? (input.style ?? '') : '',
      intro: input.intro ?? '',
      thinkingExpressions: input.thinking_expressions ?? '',
      canTalk: input.can_talk === 1,
      ownerEmail: input.owner_email ?? '',
    });
  }
  if (input.is_public !== undefined) set.isPublic = input.is_public === 1 && current.type === 'chat';
  if (set.isPublic && !current.isPublic) {
    // A new publication: within the licences, decided under the team's lock (two parallel
    // publications cannot both take the last licence).
    await deps.db.transaction(async (tx) => {
      await assertCanPublish(tx, await loadTeamForUpdate(tx, auth.team.id), current.id);
      await updateAssistantRow(tx, current.id, set);
    });
    return getAssistantDetail(deps, auth, input.uuid);
  }
  if (input.primary_background_color) set.primaryBackgroundColor = input.primary_background_color;
  if (input.secondary_background_color) set.secondaryBackgroundColor = input.secondary_background_color;
  if (input.tertiary_background_color) set.tertiaryBackgroundColor = input.tertiary_background_color;
  if (input.button_color) set.buttonColor = input.button_color;
  if (input.allowed_domains !== undefined) {
    set.allowedDomains = input.allowed_domains
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean)
      .join(', ');
  }
  await updateAssistantRow(deps.db, current.id, set);
  return getAssistantDetail(deps, auth, input.uuid);
}

export async function changeAssistantType(deps: Deps, auth: AuthContext, uuid: string, type: Assistant['type']) {
  const current = await requireAccess(auth, 'assistant.edit', uuid, deps);
  // Only chat assistants can be published; switching away unpublishes at once.
  await updateAssistantRow(deps.db, current.id, { type, isPublic: type === 'chat' ? current.isPublic : false });
  return getAssistantDetail(deps, auth, uuid);
}

/** Deleting stays possible over the limit: it is the way back under it. */
export async function deleteAssistant(deps: Deps, auth: AuthContext, uuid: string): Promise<void> {
  requireAccess(auth, 'member');
  const { row, rights } = await loadVisible(deps, auth, uuid);
  const a = row.assistant;
  const allowed = a.isDefault ? rights.canEdit : auth.user.isAdmin && a.teamId === auth.team.id;
  if (!allowed) throw new AppError('FORBIDDEN', a.isDefault ? ASSISTANT_MESSAGES.defaultNotEditable : ASSISTANT_MESSAGES.noPermission);
  await deleteAssistantRow(deps.db, a.id);
  await deps.storage.remove(a.logo);
  if (!a.isDefault) await deps.storage.remove(a.image);
  // Its files (knowledge, spoken answers …) lost their rows by cascade: the sweep deletes them now.
  await deps.jobs.send(FILE_SWEEP_JOB, {});
}

const LOGO_TYPES: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
/** Logos are shown small: stored at most this many pixels per side. */
export const LOGO_MAX_EDGE = 512;

/** The assistant's own privacy list and switch (the data-protection feature validates both). */
export async function saveAssistantFilter(
  deps: Deps,
  assistant: Assistant,
  values: { filter: string; filterEnabled: boolean },
): Promise<void> {
  await updateAssistantRow(deps.db, assistant.id, values);
}

export async function setAssistantLogo(
  deps: Deps,
  auth: AuthContext,
  uuid: string,
  file: { filename: string; data: Buffer },
): Promise<{ logo: string }> {
  const current = await requireAccess(auth, 'assistant.edit', uuid, deps);
  const extOk = /\.(jpe?g|png)$/i.test(file.filename);
  const detected = await fileTypeFromBuffer(file.data);
  const ext = detected ? LOGO_TYPES[detected.mime] : undefined;
  // Name AND content must be an image of an allowed type.
  if (!extOk || !ext) throw new AppError('VALIDATION', ASSISTANT_MESSAGES.logoType, { fields: { file: [ASSISTANT_MESSAGES.logoType] } });
  const data = await reencodeImage(file.data, {
    maxEdge: LOGO_MAX_EDGE,
    format: ext,
    messages: { invalid: ASSISTANT_MESSAGES.logoType, dimensions: ASSISTANT_MESSAGES.logoDimensions },
  });
  const logo = await deps.storage.put('logos', ext, data);
  await updateAssistantRow(deps.db, current.id, { logo });
  await deps.storage.remove(current.logo);
  return { logo: publicUrl(logo)! };
}

/** One right of a user on an assistant (Users → Rechte): the assistants feature writes assistant_rights. */
export async function setAssistantRight(db: Db, input: { userId: number; assistantId: number; right: 'canUse' | 'canEdit'; value: boolean }): Promise<void> {
  await upsertAssistantRight(db, input);
}

/** The image style of an image assistant (the images feature decides it, this feature writes it). */
export async function setAssistantImageStyle(db: Db, assistantId: number, values: { mainStyle: string; subStyle: string | null; isImageStyleCustom: boolean }): Promise<void> {
  await updateAssistantRow(db, assistantId, values);
}
