import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from '../../lib/api-client.ts';

/**
 * The German text of a failed call for a field's error, or null when the page is already leaving
 * (session gone, feedback page).
 */
export function fieldErrorOf(error: unknown): string | null {
  if (error instanceof UnauthenticatedError || error instanceof FeedbackRedirectError) return null;
  return error instanceof ApiError ? error.userMessage : COMMON_MESSAGES.unknownError;
}
