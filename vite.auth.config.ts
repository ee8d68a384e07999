import { lightEntryConfig } from './scripts/light-entry-config.ts';

/**
 * The sign-in screens (auth.html: /login, /register, /reset, /reset-password/…, /feedback): Preact
 * and plain CSS, no MUI — the office loads only after login (docs/decisions/012).
 */
export default lightEntryConfig('auth', 'auth.html', 'src/client/auth/main.tsx');
