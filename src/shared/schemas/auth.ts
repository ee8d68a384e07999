import { z } from '../zod.ts';
import { LIMITS } from '../constants.ts';
import { COMMON_MESSAGES } from '../messages.ts';
import { isCleanText } from './common.ts';

// Shared by the forms (react-hook-form + zod resolver) and the server routes.
/**
 * The name rule of docs/product/accounts.md with the field's own label in its messages, so each error names its
 * field (contact form: "Vorname muss mindestens 3 Zeichen lang sein"). For "Name" these are exactly
 * the spec's texts (COMMON_MESSAGES.nameRequired, COMMON_MESSAGES.nameMin).
 */
export const zNameRule = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .trim()
    .min(1, `${label} ist erforderlich`)
    .min(LIMITS.nameMin, `${label} muss mindestens ${LIMITS.nameMin} Zeichen lang sein`)
    .max(120, `${label} darf höchstens 120 Zeichen lang sein`)
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters);

export const zName = zNameRule('Name');

export const zEmail = z
  .string({ error: COMMON_MESSAGES.emailRequired })
  .trim()
  .min(1, COMMON_MESSAGES.emailRequired)
  .max(254, COMMON_MESSAGES.emailInvalid)
  .pipe(z.email({ error: COMMON_MESSAGES.emailInvalid }));

const zNewPassword = z
  .string({ error: COMMON_MESSAGES.passwordRequired })
  .min(1, COMMON_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, COMMON_MESSAGES.passwordMin)
  .max(200, 'Passwort darf höchstens 200 Zeichen lang sein');

const zConfirmation = z.string({ error: COMMON_MESSAGES.confirmationRequired }).min(1, COMMON_MESSAGES.confirmationRequired);

function confirmationMatches(value: { password: string; password_confirmation: string }) {
  return value.password === value.password_confirmation;
}
const confirmationIssue = {
  message: COMMON_MESSAGES.confirmationMismatch,
  path: ['password_confirmation'],
  // Report a mismatch together with other field errors, not only once everything else is valid.
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v.password_confirmation === 'string' && v.password_confirmation !== '';
  },
};

export const ZRegisterRequest = z
  .object({
    name: zName,
    email: zEmail,
    password: zNewPassword,
    password_confirmation: zConfirmation,
    // The client sends the ticked checkbox; the server insists on it too.
    terms: z.literal(true, { error: COMMON_MESSAGES.termsRequired }),
  })
  .refine(confirmationMatches, confirmationIssue);
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: zEmail,
  password: z.string({ error: COMMON_MESSAGES.passwordRequired }).min(1, COMMON_MESSAGES.passwordRequired).max(200),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZResetRequest = z.object({ email: zEmail });
export type ResetRequest = z.infer<typeof ZResetRequest>;

export const ZResetPasswordRequest = z
  .object({
    token: z.string().min(10, COMMON_MESSAGES.resetTokenInvalid).max(200, COMMON_MESSAGES.resetTokenInvalid),
    password: zNewPassword,
    password_confirmation: zConfirmation,
  })
  .refine(confirmationMatches, confirmationIssue);
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** GET /api/reset-password/{token}: a working link's purpose, its user's name and team. */
export const ZResetLink = z.object({
  purpose: z.enum(['reset', 'invite']),
  name: z.string(),
  team: z.string(),
});
export type ResetLink = z.infer<typeof ZResetLink>;

export const ZFeedback = z.object({
  status: z.string(),
  title: z.string(),
  message: z.string(),
  btnUrl: z.string().optional(),
  btnText: z.string().optional(),
});
export type Feedback = z.infer<typeof ZFeedback>;

export const ZUserData = z.object({
  user: z.object({
    uuid: z.string(),
    name: z.string(),
    email: z.string(),
    is_admin: z.boolean(),
    is_superadmin: z.boolean(),
  }),
  teamName: z.string(),
  protectionLevel: z.number().int(),
  slug: z.string(),
  billingPeriod: z.string(),
  trailSecondsRemaining: z.number().int(),
  role: z.string(),
  customerPortalLink: z.string().nullable(),
  hasDefaultPaymentMethod: z.boolean(),
  paymentMethodLink: z.string().nullable(),
  /** Set while an operator is signed in to this team by live login (docs/operations.md). */
  liveLogin: z.object({ teamName: z.string(), expiresAt: z.string(), operatorName: z.string() }).nullable(),
  permissions: z.object({
    canCreateAssistant: z.boolean(),
    canCreateUser: z.boolean(),
    /**
     * Whether «Live» is for them (docs/product/live-handoff.md): an admin, or the use right on a
     * published chat Mika with the live hand-off on.
     */
    canTakeLive: z.boolean(),
  }),
});
export type UserDataResponse = z.infer<typeof ZUserData>;
