import { IMAGE_NOT_CONFIGURED, ASSISTANT_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';
import { ASSISTANT_LIMITS, CHAT_STYLES, LIMITS, type AssistantType } from '../../../shared/constants.ts';
import type { AssistantSummary, ShopInfo } from '../../../shared/schemas/assistants.ts';
import { FILTER_MIN_LEVEL2, isValidFilterList } from '../../../shared/filter-rules.ts';
import { ASSISTANT_TEXTS } from './texts.ts';

/**
 * The pure rules of the assistant screens: what is enabled, which tooltip explains why not, and the
 * wizard's and filter's validation. The server checks all of it again; this only shapes the UI.
 */

// ---------------------------------------------------------------- plan limit (docs/product/library-and-wizard.md)

export interface LimitState {
  /** Own (non-default) assistants. */
  count: number;
  /** assistantLimitRegular + assistantAddons. */
  bought: number;
  /** More own assistants than bought: every use, edit and create action is disabled. */
  exceeded: boolean;
  /** No free slot for a new assistant. */
  full: boolean;
}

type LimitAssistant = Pick<AssistantSummary, 'is_default' | 'amount_exceeded'>;

export function limitState(assistants: readonly LimitAssistant[], shop: ShopInfo | undefined): LimitState {
  const count = assistants.filter((a) => a.is_default !== 1).length;
  // The server's flag wins: it counts every own assistant, also those this user cannot see.
  const flagged = assistants.some((a) => a.amount_exceeded);
  if (!shop) return { count, bought: count, exceeded: flagged, full: flagged };
  const bought = shop.assistantLimitRegular + shop.assistantAddons;
  const exceeded = flagged || count > bought;
  return { count, bought, exceeded, full: exceeded || count >= bought };
}

/** docs/product/library-and-wizard.md: "Ups, Du hast N Mikas angelegt, aber nur M gekauft. …", or null within the plan. */
export function overLimitMessage(limit: LimitState): string | null {
  return limit.exceeded ? ASSISTANT_MESSAGES.overLimit(limit.count, limit.bought) : null;
}

// ---------------------------------------------------------------- actions (docs/product/library-and-wizard.md, docs/product/library-and-wizard.md)

/**
 * One action button. `label` names the action (accessible name, and the tooltip when enabled);
 * a disabled action carries the `reason` shown as its tooltip instead.
 */
export interface ActionState {
  label: string;
  disabled: boolean;
  reason: string | null;
  /** The reason is only that the view is not built yet (its tooltip keeps the label too). */
  comingSoon: boolean;
}

/** The views whose screens exist. */
export const AVAILABLE_USE_VIEWS: ReadonlySet<AssistantType> = new Set<AssistantType>(['chat', 'task', 'image']);

export interface UseActionOptions {
  /** The server paints no pictures (GET /api/capabilities): the image action says why. */
  imageUnavailable?: boolean;
}

type ActionAssistant = Pick<AssistantSummary, 'name' | 'type' | 'can_use' | 'can_edit' | 'is_default'>;

export function primaryActionLabel(a: Pick<AssistantSummary, 'name' | 'type'>): string {
  if (a.type === 'task') return ASSISTANT_TEXTS.actionTask;
  if (a.type === 'image') return ASSISTANT_TEXTS.actionImage;
  return ASSISTANT_TEXTS.actionChat(a.name);
}

function state(label: string, reason: string | null, comingSoon = false): ActionState {
  return { label, disabled: reason !== null, reason, comingSoon };
}

/** The chat, task or image action of an assistant, by its type. */
export function primaryActionState(
  a: ActionAssistant,
  limit: Pick<LimitState, 'exceeded'>,
  opts: UseActionOptions = {},
): ActionState {
  const label = primaryActionLabel(a);
  if (limit.exceeded) return state(label, ASSISTANT_MESSAGES.overLimitTooltip);
  if (!a.can_use) return state(label, ASSISTANT_MESSAGES.noPermission);
  if (!AVAILABLE_USE_VIEWS.has(a.type)) return state(label, ASSISTANT_TEXTS.comingSoon, true);
  if (a.type === 'image' && opts.imageUnavailable) return state(label, IMAGE_NOT_CONFIGURED);
  return state(label, null);
}

/** The settings (edit) action: the edit right; default assistants only for a superadmin. */
export function editActionState(a: ActionAssistant, limit: Pick<LimitState, 'exceeded'>): ActionState {
  const label = ASSISTANT_TEXTS.actionEdit(a.name);
  if (limit.exceeded) return state(label, ASSISTANT_MESSAGES.overLimitTooltip);
  if (!a.can_edit) return state(label, a.is_default === 1 ? ASSISTANT_MESSAGES.defaultNotEditable : ASSISTANT_MESSAGES.noPermission);
  return state(label, null);
}

export interface CreateState extends ActionState {
  /** Only administrators see the create card and the add button. */
  visible: boolean;
}

/** The "new" card and the add button: admins only; enabled with canCreateAssistant and a free slot. */
export function createActionState(
  user: { is_admin: boolean; permissions: { canCreateAssistant: boolean } },
  limit: Pick<LimitState, 'exceeded' | 'full'>,
): CreateState {
  const label = ASSISTANT_TEXTS.newCardTitle;
  if (!user.is_admin) return { ...state(label, ASSISTANT_MESSAGES.noPermission), visible: false };
  // docs/product/library-and-wizard.md: reached or exceeded, the create card says the maximum is reached.
  if (limit.exceeded || limit.full || !user.permissions.canCreateAssistant) {
    return { ...state(label, ASSISTANT_MESSAGES.limitReached), visible: true };
  }
  return { ...state(label, null), visible: true };
}

/** Deleting stays possible over the limit (it is the way back under it): admins, own assistants. */
export function canDeleteAssistant(
  user: { is_admin: boolean },
  a: Pick<AssistantSummary, 'is_default'>,
): boolean {
  return user.is_admin && a.is_default !== 1;
}

/** Admins hide default Mikas for their team (the team's own are deleted instead). */
export function canHideAssistant(user: { is_admin: boolean }, a: Pick<AssistantSummary, 'is_default'>): boolean {
  return user.is_admin && a.is_default === 1;
}

/** Why the edit view may not open for this assistant, or null when it may. */
export function editBlockedReason(
  a: ActionAssistant | undefined,
  limit: Pick<LimitState, 'exceeded'>,
): string | null {
  if (!a) return null;
  return editActionState(a, limit).reason;
}

// ---------------------------------------------------------------- card text (docs/product/library-and-wizard.md)

/** The role text on a card: at most 55 characters, cut with "…". */
export function cutRole(role: string, max: number = ASSISTANT_LIMITS.roleCardChars): string {
  const text = role.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

// ---------------------------------------------------------------- create wizard (docs/product/library-and-wizard.md)

export interface WizardValues {
  type: AssistantType | '';
  name: string;
  role: string;
  task: string;
  style: string;
  can_talk: 0 | 1;
}

export type WizardField = keyof WizardValues;
export type WizardErrors = Partial<Record<WizardField, string>>;

/** Steps: 0 Funktion, 1 Name, 2 Aufgabe, 3 Erstellung. */
export const WIZARD_STEPS = 4;
export const STEP_FIELDS: Record<number, readonly WizardField[]> = {
  0: ['type'],
  1: ['name', 'role'],
  2: ['task', 'style', 'can_talk'],
  3: [],
};

/** The rules checked before leaving a step (the server checks the same on create). */
export function validateWizardStep(step: number, v: WizardValues): WizardErrors {
  const errors: WizardErrors = {};
  if (step === 0 && !v.type) errors.type = ASSISTANT_MESSAGES.typeRequired;
  if (step === 1) {
    if (v.name.trim().length < ASSISTANT_LIMITS.nameMin) errors.name = ASSISTANT_MESSAGES.nameMin;
    if (v.type !== 'image' && v.role.trim().length < ASSISTANT_LIMITS.roleMin) errors.role = ASSISTANT_MESSAGES.roleMin;
  }
  if (step === 2 && v.type !== 'image') {
    if (v.task.trim().length < ASSISTANT_LIMITS.taskMin) errors.task = ASSISTANT_MESSAGES.taskMin;
    if (v.type === 'chat' && !(CHAT_STYLES as readonly string[]).includes(v.style))
      errors.style = ASSISTANT_MESSAGES.styleRequired;
  }
  return errors;
}

/** Next step: the image type skips the task step. */
export function nextWizardStep(step: number, type: WizardValues['type']): number {
  if (step === 1 && type === 'image') return 3;
  return Math.min(step + 1, WIZARD_STEPS - 1);
}

/** Back moves one step down (over the skipped task step for images). */
export function previousWizardStep(step: number, type: WizardValues['type']): number {
  if (step === 3 && type === 'image') return 1;
  return Math.max(step - 1, 0);
}

/** The first step that shows one of these fields (for server errors after create). */
export function stepOfField(field: string): number | undefined {
  for (const [step, fields] of Object.entries(STEP_FIELDS)) {
    if ((fields as readonly string[]).includes(field)) return Number(step);
  }
  return undefined;
}

/** Training progress: 5 % every 200 ms; the dialog closes 2 s after 100 %. */
export const TRAINING = { stepPercent: 5, stepMs: 200, closeDelayMs: 2000 } as const;

// ---------------------------------------------------------------- data-protection filter (docs/product/library-and-wizard.md)

export interface FilterSwitchState {
  /** Whether the switch can be changed (not at level 2). */
  editable: boolean;
  /** Level 2 needs at least 100 characters; the counter shows them. */
  minLength: number | null;
}

export function filterSwitchState(protectionLevel: number): FilterSwitchState {
  if (protectionLevel >= 2) return { editable: false, minLength: FILTER_MIN_LEVEL2 };
  return { editable: true, minLength: null };
}

/** The switch's first position when the server does not say: off at 0, on at 1, forced on at 2. */
export function defaultFilterOn(protectionLevel: number): boolean {
  return protectionLevel >= 1;
}

export function validateFilter(filter: string, protectionLevel: number): string | null {
  if (!isValidFilterList(filter)) return USER_MESSAGES.filterEntries;
  if (protectionLevel >= 2 && filter.trim().length < FILTER_MIN_LEVEL2) return USER_MESSAGES.filterMinLevel2;
  return null;
}

// ---------------------------------------------------------------- logo (docs/product/library-and-wizard.md)

const LOGO_EXTENSIONS = /\.(jpe?g|png)$/i;
export const LOGO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export function validateLogoFile(file: Pick<File, 'name' | 'size'> | null | undefined): string | null {
  if (!file) return ASSISTANT_MESSAGES.fileRequired;
  if (!LOGO_EXTENSIONS.test(file.name)) return ASSISTANT_MESSAGES.logoType;
  if (file.size > LIMITS.maxUploadBytes) return ASSISTANT_MESSAGES.fileTooLarge;
  return null;
}

// ---------------------------------------------------------------- publishing

export function publicChatUrl(origin: string, uuid: string): string {
  return `${origin}/chat/${uuid}`;
}
