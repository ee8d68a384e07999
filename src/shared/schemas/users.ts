import { z } from '../zod.ts';
import { USER_MESSAGES } from '../messages.ts';
import { zEmail, zName } from './auth.ts';
import { zId, zSwitch, zText } from './common.ts';
import { isStrongPassword } from '../password-rules.ts';

export const zStrongPassword = z.string().max(200).refine(isStrongPassword, USER_MESSAGES.passwordRules);

const zPasswordPair = z
  .object({ password: zStrongPassword, password_confirmation: z.string().max(200) })
  .refine((v) => v.password === v.password_confirmation, {
    message: USER_MESSAGES.confirmationMismatch,
    path: ['password_confirmation'],
  });


export const ZCreateUserRequest = z
  .object({
    name: zName,
    email: zEmail,
    is_admin: zSwitch.default(false),
    invitation: zSwitch.default(false),
    password: zPasswordPair.optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (!v.invitation && !v.password) {
      ctx.addIssue({ code: 'custom', path: ['password', 'password'], message: USER_MESSAGES.passwordRequiredWithoutInvitation });
    }
  });
export type CreateUserRequest = z.input<typeof ZCreateUserRequest>;

export const ZUpdateUserRequest = z.object({
  user: z.object({ uuid: z.uuid(), name: zName, email: zEmail, is_admin: zSwitch.optional() }),
  /** Optional: only when the password is to be changed. */
  password: zPasswordPair.optional().nullable(),
});
export type UpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

export const ZDeleteUserRequest = z.object({ user: z.uuid() });

export const PERMISSION_TYPES = ['can_use', 'can_edit'] as const;
export const ZPermissionRequest = z.object({
  assistant_id: zId(),
  permission_type: z.enum(PERMISSION_TYPES),
  value: zSwitch,
});

export const ZTeamUser = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_verified: z.boolean(),
  is_superadmin: z.boolean(),
  role: z.string(),
});
export type TeamUser = z.infer<typeof ZTeamUser>;

export const ZUserAssistantRight = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  type: z.string(),
  image: z.string().nullable(),
  is_default: z.number(),
  can_use: z.boolean(),
  can_edit: z.boolean(),
});

export const ZUserDetail = z.object({ user: ZTeamUser, assistants: z.array(ZUserAssistantRight) });

// Data protection
// Plain rules live in filter-rules.ts, so client screens can use them without loading zod.
import { FILTER_MIN_LEVEL2, isValidFilterList } from '../filter-rules.ts';
export { FILTER_MIN_LEVEL2, isValidFilterList };

export function filterEntries(filter: string): string[] {
  return filter
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
}

export const ZFilterRequest = z
  .object({
    /** 'main' for the team filter, else the assistant's uuid. */
    firstKey: z.union([z.literal('main'), z.uuid()]),
    filterString: z.string().max(20_000).default(''),
    protectionLevel: z.coerce.number().int().min(0).max(2),
  })
  .superRefine((v, ctx) => {
    if (!isValidFilterList(v.filterString)) {
      ctx.addIssue({ code: 'custom', path: ['filterString'], message: USER_MESSAGES.filterEntries });
    }
  });

export const ZFilterResponse = z.object({
  filter: z.string(),
  protection_level: z.number(),
  /** For an assistant: whether its filter switch is on (forced at level 2). */
  active: z.boolean().optional(),
});

export const ZSupportRequest = z.object({
  subject: zText(200, USER_MESSAGES.supportSubjectMin).min(3, USER_MESSAGES.supportSubjectMin),
  message: zText(10_000, USER_MESSAGES.supportMessageMin).min(30, USER_MESSAGES.supportMessageMin),
});
