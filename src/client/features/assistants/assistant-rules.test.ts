import { describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES, IMAGE_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';
import type { AssistantSummary, ShopInfo } from '../../../shared/schemas/assistants.ts';
import {
  createActionState,
  cutRole,
  editActionState,
  editBlockedReason,
  filterSwitchState,
  defaultFilterOn,
  limitState,
  nextWizardStep,
  overLimitMessage,
  previousWizardStep,
  primaryActionState,
  stepOfField,
  validateFilter,
  validateLogoFile,
  validateWizardStep,
  type WizardValues,
} from './assistant-rules.ts';

function assistant(overrides: Partial<AssistantSummary> = {}): AssistantSummary {
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    name: 'Kundenberater',
    type: 'chat',
    role: 'Du berätst Kundinnen und Kunden freundlich.',
    image: null,
    logo: null,
    intro: '',
    can_talk: 0,
    is_public: 0,
    is_default: 0,
    team_id: 7,
    can_use: true,
    can_edit: true,
    amount_exceeded: false,
    primary_background_color: '#32363C',
    secondary_background_color: '#282D33',
    tertiary_background_color: '#282D33',
    button_color: '#32363C',
    ...overrides,
  };
}

const shop = (assistantLimitRegular: number, assistantAddons = 0): ShopInfo => ({
  assistantLimitRegular,
  assistantAddons,
  userLimitRegular: 3,
  userAddons: 0,
});

const admin = { is_admin: true, permissions: { canCreateAssistant: true } };
const employee = { is_admin: false, permissions: { canCreateAssistant: false } };

describe('plan limit', () => {
  it('counts only own assistants against the bought amount (regular + add-ons)', () => {
    const list = [assistant({ is_default: 1 }), assistant({ is_default: 1 }), assistant(), assistant()];
    expect(limitState(list, shop(2, 1))).toEqual({ count: 2, bought: 3, exceeded: false, full: false });
    expect(limitState(list, shop(2))).toEqual({ count: 2, bought: 2, exceeded: false, full: true });
  });

  it('is exceeded with more own assistants than bought, and shows the over-limit message', () => {
    const limit = limitState([assistant(), assistant(), assistant()], shop(1, 1));
    expect(limit.exceeded).toBe(true);
    expect(overLimitMessage(limit)).toBe(
      'Ups, Du hast 3 Mikas angelegt, aber nur 2 gekauft. Lösche Mikas oder mache ein Upgrade.',
    );
  });

  it("trusts the server's amount_exceeded flag (it also counts assistants this user cannot see)", () => {
    const limit = limitState([assistant({ amount_exceeded: true })], shop(5));
    expect(limit.exceeded).toBe(true);
    expect(overLimitMessage(limit)).toBe(ASSISTANT_MESSAGES.overLimit(1, 5));
  });

  it('is neither full nor exceeded while the shop answer is missing', () => {
    expect(limitState([assistant()], undefined)).toMatchObject({ exceeded: false, full: false });
    expect(overLimitMessage(limitState([assistant()], undefined))).toBeNull();
  });
});

describe('library actions', () => {
  const within = { exceeded: false };
  const over = { exceeded: true };

  it('enables the chat action with the use right and names it after the assistant', () => {
    expect(primaryActionState(assistant(), within)).toEqual({
      label: 'Mit Kundenberater sprechen',
      disabled: false,
      reason: null,
      comingSoon: false,
    });
  });

  it('disables use and edit without the rights with "Keine Berechtigung"', () => {
    const a = assistant({ can_use: false, can_edit: false });
    expect(primaryActionState(a, within)).toMatchObject({ disabled: true, reason: 'Keine Berechtigung' });
    expect(editActionState(a, within)).toMatchObject({ disabled: true, reason: 'Keine Berechtigung' });
  });

  it('explains that default assistants are not editable', () => {
    const a = assistant({ is_default: 1, can_edit: false });
    expect(editActionState(a, within)).toMatchObject({ disabled: true, reason: ASSISTANT_MESSAGES.defaultNotEditable });
    expect(editBlockedReason(a, within)).toBe(ASSISTANT_MESSAGES.defaultNotEditable);
  });

  it('disables every use and edit action over the limit with the over-limit tooltip', () => {
    for (const type of ['chat', 'task', 'image'] as const) {
      expect(primaryActionState(assistant({ type }), over)).toMatchObject({
        disabled: true,
        reason: ASSISTANT_MESSAGES.overLimitTooltip,
      });
    }
    expect(editActionState(assistant(), over)).toMatchObject({ disabled: true, reason: ASSISTANT_MESSAGES.overLimitTooltip });
    // The create card keeps the original's text (docs/product/library-and-wizard.md): the maximum is reached.
    expect(createActionState(admin, { exceeded: true, full: true })).toMatchObject({
      visible: true,
      disabled: true,
      reason: ASSISTANT_MESSAGES.limitReached,
    });
  });

  it('opens the task view with the use right; image is enabled unless the server paints no pictures', () => {
    expect(primaryActionState(assistant({ type: 'task' }), within)).toEqual({
      label: 'Aufgabe erledigen lassen',
      disabled: false,
      reason: null,
      comingSoon: false,
    });
    expect(primaryActionState(assistant({ type: 'image' }), within)).toMatchObject({
      label: 'Bilder malen lassen',
      disabled: false,
      reason: null,
    });
    expect(primaryActionState(assistant({ type: 'image' }), within, { imageUnavailable: true })).toMatchObject({
      disabled: true,
      reason: IMAGE_MESSAGES.notConfigured,
      comingSoon: false,
    });
    // A missing right is the more important explanation.
    expect(primaryActionState(assistant({ type: 'task', can_use: false }), within).reason).toBe(
      ASSISTANT_MESSAGES.noPermission,
    );
    expect(primaryActionState(assistant({ type: 'image', can_use: false }), within, { imageUnavailable: true }).reason).toBe(
      ASSISTANT_MESSAGES.noPermission,
    );
  });

  it('shows the create card only to admins, disabled at the limit or without canCreateAssistant', () => {
    expect(createActionState(employee, { exceeded: false, full: false }).visible).toBe(false);
    expect(createActionState(admin, { exceeded: false, full: false })).toMatchObject({
      visible: true,
      disabled: false,
    });
    expect(createActionState(admin, { exceeded: false, full: true })).toMatchObject({
      disabled: true,
      reason: ASSISTANT_MESSAGES.limitReached,
    });
    expect(
      createActionState(
        { is_admin: true, permissions: { canCreateAssistant: false } },
        { exceeded: false, full: false },
      ),
    ).toMatchObject({ disabled: true, reason: ASSISTANT_MESSAGES.limitReached });
  });
});

describe('card role text', () => {
  it('cuts the role at 55 characters with an ellipsis', () => {
    const role = 'Du bist ein erfahrener Kundenberater unseres Online-Shops für Fahrräder und Zubehör.';
    const cut = cutRole(role);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(56);
    expect(role.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cutRole('Kurz und gut.')).toBe('Kurz und gut.');
    expect(cutRole('x'.repeat(55))).toBe('x'.repeat(55));
  });
});

describe('create wizard', () => {
  const values = (overrides: Partial<WizardValues> = {}): WizardValues => ({
    type: 'chat',
    name: 'Mika',
    role: 'r'.repeat(30),
    task: 't'.repeat(250),
    style: 'professionell und sachlich',
    can_talk: 0,
    ...overrides,
  });

  it('needs a type, a name of 3 and a role of 30, a task of 250 and a chat style', () => {
    expect(validateWizardStep(0, values({ type: '' }))).toEqual({ type: ASSISTANT_MESSAGES.typeRequired });
    expect(validateWizardStep(1, values({ name: ' Mi ', role: 'zu kurz' }))).toEqual({
      name: ASSISTANT_MESSAGES.nameMin,
      role: ASSISTANT_MESSAGES.roleMin,
    });
    expect(validateWizardStep(2, values({ task: 't'.repeat(249), style: '' }))).toEqual({
      task: ASSISTANT_MESSAGES.taskMin,
      style: ASSISTANT_MESSAGES.styleRequired,
    });
    expect(validateWizardStep(2, values({ type: 'task', style: '' }))).toEqual({});
    for (const step of [0, 1, 2, 3]) expect(validateWizardStep(step, values())).toEqual({});
  });

  it('lets images skip the role and the task step, in both directions', () => {
    expect(validateWizardStep(1, values({ type: 'image', role: '' }))).toEqual({});
    expect(nextWizardStep(1, 'image')).toBe(3);
    expect(previousWizardStep(3, 'image')).toBe(1);
    expect(nextWizardStep(1, 'chat')).toBe(2);
    expect(previousWizardStep(3, 'task')).toBe(2);
    expect(previousWizardStep(0, 'chat')).toBe(0);
  });

  it('finds the step of a server field error', () => {
    expect(stepOfField('type')).toBe(0);
    expect(stepOfField('role')).toBe(1);
    expect(stepOfField('style')).toBe(2);
    expect(stepOfField('unknown')).toBeUndefined();
  });
});

describe('data-protection filter per assistant', () => {
  it('is free at levels 0 and 1 (off resp. on by default) and forced on at level 2', () => {
    expect([0, 1].map(filterSwitchState)).toEqual([
      { editable: true, minLength: null },
      { editable: true, minLength: null },
    ]);
    expect(filterSwitchState(2)).toEqual({ editable: false, minLength: 100 });
    expect([0, 1, 2].map(defaultFilterOn)).toEqual([false, true, true]);
  });

  it('checks the entries and, at level 2, 100 characters', () => {
    expect(validateFilter('Max Mustermann, Phoenix', 0)).toBeNull();
    expect(validateFilter('ab, Phoenix', 1)).toBe(USER_MESSAGES.filterEntries);
    expect(validateFilter('Max Mustermann, Phoenix', 2)).toBe(USER_MESSAGES.filterMinLevel2);
    const long = Array.from({ length: 12 }, (_, i) => `Eintrag${i}`).join(', ');
    expect(validateFilter(long, 2)).toBeNull();
  });
});

describe('logo and embedding', () => {
  it('accepts jpg, jpeg and png up to 10 MB', () => {
    expect(validateLogoFile(null)).toBe('Bitte wähle eine Datei aus');
    expect(validateLogoFile({ name: 'logo.gif', size: 10 })).toBe(ASSISTANT_MESSAGES.logoType);
    expect(validateLogoFile({ name: 'logo.PNG', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Die Datei darf nicht größer sein als 10MB',
    );
    expect(validateLogoFile({ name: 'logo.jpeg', size: 10 * 1024 * 1024 })).toBeNull();
  });

});
