// The team's password rules (docs/product/users-and-rights.md) without zod, like filter-rules.ts:
// the schema, the office's rules hint and the light sign-in pages (the invitation's welcome) share
// one definition.

export const USER_PASSWORD_MIN = 8;
export const PASSWORD_SPECIALS = '#?!@$%^&*-';

/** The rules one by one, in the order the hint lists them (USER_TEXTS.passwordRules). */
export const STRONG_PASSWORD_CHECKS: readonly ((p: string) => boolean)[] = [
  (p) => p.length >= USER_PASSWORD_MIN,
  (p) => /[A-ZÄÖÜ]/.test(p) && /[a-zäöüß]/.test(p),
  (p) => /\d/.test(p),
  (p) => [...PASSWORD_SPECIALS].some((c) => p.includes(c)),
];

/** 8+ characters with upper and lower case, a digit and one of #?!@$%^&*-. */
export function isStrongPassword(p: string): boolean {
  return STRONG_PASSWORD_CHECKS.every((check) => check(p));
}
