import type {
  Feedback,
  LoginRequest,
  ResetLink,
  RegisterRequest,
  ResetPasswordRequest,
  ResetRequest,
} from '../../../shared/schemas/auth.ts';
import { api, fetchCsrfCookie, feedbackUrl } from '../../lib/api-client.ts';

// The form shows field errors itself, so these calls skip the global snackbar.
const formCall = { snackbar: false } as const;

export async function register(input: RegisterRequest): Promise<Feedback> {
  await fetchCsrfCookie();
  return api.post<Feedback>('/api/register', input, formCall);
}

export async function login(input: LoginRequest): Promise<{ status: string }> {
  await fetchCsrfCookie();
  return api.post<{ status: string }>('/api/login', input, formCall);
}

/** Either the plain string `noemail` or the feedback to show (docs/product/accounts.md). */
export async function requestReset(input: ResetRequest): Promise<Feedback | 'noemail'> {
  await fetchCsrfCookie();
  return api.post<Feedback | 'noemail'>('/api/reset', input, formCall);
}

export async function resetPassword(input: ResetPasswordRequest): Promise<Feedback> {
  await fetchCsrfCookie();
  return api.post<Feedback>('/api/reset-password', input, formCall);
}

/** Whether a reset or invitation link still works, and whose it is (a refused one is an ApiError). */
export async function peekResetLink(token: string, signal: AbortSignal): Promise<ResetLink> {
  return api.get<ResetLink>(`/api/reset-password/${encodeURIComponent(token)}`, { ...formCall, signal });
}

export async function logout(): Promise<void> {
  await api.post('/api/logout', undefined, { snackbar: false, onUnauthenticated: 'throw' });
}

/** Full-page redirect to the feedback page after the spec's delay. */
export function redirectToFeedback(feedback: Feedback, delayMs: number): void {
  window.setTimeout(() => window.location.assign(feedbackUrl(feedback)), delayMs);
}
