// Plans, prices and limits (spec 03 §9). The trial limits are our choice: docs/decisions/003-trial-plan.md.
export const PLAN_SLUGS = ['trial', 'solo', 'team', 'agency', 'other'] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface PlanLimits {
  mikas: number;
  users: number;
  creditsPerMonth: number;
}

export const PLAN_LIMITS: Record<PlanSlug, PlanLimits> = {
  trial: { mikas: 3, users: 3, creditsPerMonth: 30 },
  solo: { mikas: 2, users: 2, creditsPerMonth: 30 },
  team: { mikas: 5, users: 5, creditsPerMonth: 75 },
  agency: { mikas: 10, users: 10, creditsPerMonth: 150 },
  other: { mikas: 2, users: 2, creditsPerMonth: 30 },
};

export const ROLES = ['owner', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export const LIMITS = {
  nameMin: 3,
  passwordMin: 6,
  redirectAfterRegisterMs: 300,
  redirectAfterLoginMs: 1000,
  snackbarDefaultMs: 2000,
  maxUploadBytes: 10 * 1024 * 1024,
} as const;

export const LEGAL_PAGES = ['avv', 'agb', 'agb-public', 'sla', 'datenschutz'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** The longest chat question (spec 01 §5); a constant here so the public chat needs no schema code. */
export const MESSAGE_MAX_CHARS = 8000;

/** Knowledge files per assistant (spec 02 §9). */
export const KNOWLEDGE_MAX_FILES = 100;

export const ASSISTANT_TYPES = ['chat', 'task', 'image'] as const;
export type AssistantType = (typeof ASSISTANT_TYPES)[number];

// The seven chat styles of spec 02 §9; the German label is the stored value.
export const CHAT_STYLES = [
  'professionell und sachlich',
  'professionell, jung und modern',
  'professionell, witzig und etwas frech',
  'sehr höflich und freundlich',
  'bestimmend, führend und leicht dominant',
  'freundlich, nett und witzig',
  'umgangssprachlich, jung und frech',
] as const;

export const CAN_TALK_OPTIONS = [
  { value: 1, label: 'Kann sprechen' },
  { value: 0, label: 'Sendet nur Text' },
] as const;

export const ASSISTANT_LIMITS = { nameMin: 3, roleMin: 30, taskMin: 250, roleCardChars: 55 } as const;
