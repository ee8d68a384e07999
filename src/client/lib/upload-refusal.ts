import { COMMON_MESSAGES } from '../../shared/messages.ts';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from './api-client.ts';
import { showError } from '../state/snackbar-store.ts';

/**
 * An upload dialog's failed call (made with `snackbar: false`): the server's refusal of the file
 * (wrong type or content, too large, a password, a file the Mika has) is returned for the dialog to
 * show under the file it is about; any other failure (the network, the server) goes to the snackbar
 * and null is returned. Sign-in and feedback redirects are handled by the API client already.
 */
export function uploadRefusal(error: unknown): string | null {
  if (error instanceof UnauthenticatedError || error instanceof FeedbackRedirectError) return null;
  if (error instanceof ApiError && error.refused) return error.fields.file?.[0] ?? error.userMessage;
  showError(error instanceof ApiError ? error.userMessage : COMMON_MESSAGES.unknownError);
  return null;
}
