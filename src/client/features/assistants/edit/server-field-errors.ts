import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { M } from '../../../../shared/messages.ts';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from '../../../lib/api-client.ts';
import { showError } from '../../../state/snackbar-store.ts';

/**
 * Puts a 422's field errors on the form (`assistant.name` → `name`); anything no field shows goes
 * to the snackbar, so every refusal is explained exactly once.
 */
export function applyServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  formFields: readonly Path<TValues>[],
  prefix = 'assistant.',
): void {
  if (error instanceof UnauthenticatedError || error instanceof FeedbackRedirectError) return;
  if (!(error instanceof ApiError)) {
    showError(M.unknownError);
    return;
  }
  const shown = new Set<string>();
  let first = true;
  for (const [key, messages] of Object.entries(error.fields)) {
    const field = key.startsWith(prefix) ? key.slice(prefix.length) : key;
    const name = formFields.find((f) => f === field);
    const message = messages[0];
    if (!name || !message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
    shown.add(message);
  }
  if (!shown.has(error.userMessage)) showError(error.userMessage);
}
