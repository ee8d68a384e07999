// Plans, prices and limits (docs/product/plans.md). The trial limits are our choice: docs/decisions/003-trial-plan.md.
export const PLAN_SLUGS = ['trial', 'solo', 'team', 'agency', 'other'] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface PlanLimits {
  mikas: number;
  users: number;
  creditsPerMonth: number;
  /** Mikas that may be published at once (docs/plans.md; the spec names no counts). */
  publicLicences: number;
  /** Per-assistant roles and rights (docs/product/users-and-rights.md: Team and Agency); on Solo every member uses every Mika. */
  rights: boolean;
  /** Pages one crawled website may bring (issue 34, docs/product/plans.md); a website counts as one knowledge source. */
  websitePages: number;
}

export const PLAN_LIMITS: Record<PlanSlug, PlanLimits> = {
  trial: { mikas: 3, users: 3, creditsPerMonth: 30, publicLicences: 1, rights: true, websitePages: 100 },
  solo: { mikas: 2, users: 2, creditsPerMonth: 30, publicLicences: 0, rights: false, websitePages: 100 },
  team: { mikas: 5, users: 5, creditsPerMonth: 75, publicLicences: 1, rights: true, websitePages: 300 },
  agency: { mikas: 10, users: 10, creditsPerMonth: 150, publicLicences: 3, rights: true, websitePages: 1000 },
  other: { mikas: 2, users: 2, creditsPerMonth: 30, publicLicences: 3, rights: true, websitePages: 100 },
};

/** The pages one website may bring on a team's plan (an unknown plan: the trial's). */
export const websitePageCap = (planSlug: string | null | undefined): number =>
  (PLAN_LIMITS[planSlug as PlanSlug] ?? PLAN_LIMITS.trial).websitePages;

/** Shop extras (docs/product/shop.md, docs/product/credits-and-billing.md): prices in cents per month, excluding VAT; credits per extra Mika per month. */
export const EXTRA_PRICES_CENTS = { mika: 17_900, user: 5_900 } as const;
export const EXTRA_MIKA_CREDITS = 15;

/** Plans that include API access (docs/product/plans.md: "API-Zugang" with Agency). */
export const API_ACCESS_PLANS: readonly PlanSlug[] = ['agency'];

export const LIMITS = {
  nameMin: 3,
  passwordMin: 6,
  redirectAfterRegisterMs: 300,
  redirectAfterLoginMs: 1000,
  snackbarDefaultMs: 2000,
  maxUploadBytes: 10 * 1024 * 1024,
} as const;

export const LEGAL_PAGES = ['avv', 'agb', 'agb-public', 'sla', 'datenschutz'] as const;
/** Served with the sign-in screens' own light page (auth.html), not the office (docs/decisions/012). */
export const AUTH_PAGE_PATHS = ['/login', '/register', '/reset', '/reset-password', '/feedback'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** The longest chat question (docs/product/public-chat-and-embed.md); a constant here so the public chat needs no schema code. */
export const MESSAGE_MAX_CHARS = 8000;

/** Knowledge files per assistant (docs/product/knowledge-and-tools.md, docs/product/library-and-wizard.md). */
export const KNOWLEDGE_MAX_FILES = 100;

/** Asset files per assistant (the same cap as knowledge) and the shortest description (docs/product/knowledge-and-tools.md, docs/product/library-and-wizard.md). */
export const ASSET_MAX_FILES = 100;
export const ASSET_DESCRIPTION_MIN = 15;

export const ASSISTANT_TYPES = ['chat', 'task', 'image'] as const;
export type AssistantType = (typeof ASSISTANT_TYPES)[number];

// The seven chat styles of docs/product/tasks-and-images.md; the German label is the stored value.
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

// ---------------------------------------------------------------- image styles (docs/product/tasks-and-images.md)

/** The central image styles; custom mode allows only the first two (docs/product/tasks-and-images.md). */
export const IMAGE_STYLES = ['realistic_image', 'digital_illustration', 'text_in_image'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];
export const CUSTOM_IMAGE_STYLES = ['realistic_image', 'digital_illustration'] as const satisfies readonly ImageStyle[];

export const IMAGE_STYLE_LABELS: Record<ImageStyle, string> = {
  realistic_image: 'Realistisches Bild',
  digital_illustration: 'Digitale Illustration',
  text_in_image: 'Text im Bild',
};

/**
 * Substyles per central style, verbatim from docs/product/tasks-and-images.md. realistic_image has none; text_in_image
 * none shown. The icon and vector_illustration lists are not shown in the spec and could not be
 * confirmed from a reachable source, so they are left out (docs/decisions/016-images.md).
 */
export const IMAGE_SUBSTYLES: Record<ImageStyle, readonly string[]> = {
  realistic_image: [],
  digital_illustration: [
    'seamless',
    'pixel_art',
    '3d',
    'psychedelic',
    'hand_drawn',
    'grain',
    'glow',
    '80s',
    'watercolor',
    'voxel',
    'infantile_sketch',
    '2d_art_poster',
    'kawaii',
  ],
  text_in_image: [],
};

export const IMAGE_SUBSTYLE_LABELS: Record<string, string> = {
  seamless: 'Nahtloses Muster',
  pixel_art: 'Pixel-Art',
  '3d': '3D',
  psychedelic: 'Psychedelisch',
  hand_drawn: 'Handgezeichnet',
  grain: 'Körnig',
  glow: 'Leuchtend',
  '80s': '80er-Jahre',
  watercolor: 'Aquarell',
  voxel: 'Voxel',
  infantile_sketch: 'Kinderzeichnung',
  '2d_art_poster': '2D-Kunstposter',
  kawaii: 'Kawaii',
};

/** docs/product/tasks-and-images.md: five reference images make a custom style. */
export const STYLE_IMAGES_REQUIRED = 5;
/** The longest image description. */
export const IMAGE_DESCRIPTION_MAX = 2000;

/** Plan prices in cents, excluding VAT (docs/product/plans.md, docs/product/credits-and-billing.md). */
export const PLAN_PRICES_CENTS: Record<'solo' | 'team' | 'agency', Record<BillingPeriod, number>> = {
  solo: { monthly: 27_900, yearly: 279_000 },
  team: { monthly: 69_000, yearly: 690_000 },
  agency: { monthly: 129_000, yearly: 1_290_000 },
};
export const BOOKABLE_PLANS = ['solo', 'team', 'agency'] as const;
export const PAID_PLANS: readonly PlanSlug[] = ['solo', 'team', 'agency'];

/** Credit top-ups (GET /checkout): 100 credits = 49,00 € net, whole credits 10…10000, default 100. */
export const CREDIT_PRICE_CENTS_PER_100 = 4_900;
export const TOPUP_LIMITS = { min: 10, max: 10_000, default: 100 } as const;
/** German VAT rate in percent, applied to every invoice. */
export const VAT_PERCENT = 19;
/** Shop quantity (docs/product/shop.md). */
export const SHOP_QTY = { min: 1, max: 10, step: 1 } as const;
