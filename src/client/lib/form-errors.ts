import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { COMMON_MESSAGES } from '../../shared/messages.ts';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from './api-client.ts';
import { showError } from '../state/snackbar-store.ts';

/**
 * Puts the server's field errors (422 `fields`, dotted keys such as "password.password") on the
 * form's fields. The top error goes to the snackbar only when no field shows it, so no message
 * appears twice.
 */
export function showServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  formFields: readonly Path<TValues>[],
  /** A wrapper the server's keys carry that the form's names do not (e.g. "assistant."). */
  prefix = '',
): void {
  if (error instanceof UnauthenticatedError || error instanceof FeedbackRedirectError) return;
  if (!(error instanceof ApiError)) {
    showError(COMMON_MESSAGES.unknownError);
    return;
  }
  const shown = new Set<string>();
  let first = true;
  for (const [key, messages] of Object.entries(error.fields)) {
    const field = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    const name = formFields.find((f) => f === field);
    const message = messages[0];
    if (!name || !message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
    shown.add(message);
  }
  if (!shown.has(error.userMessage)) showError(error.userMessage);
}
