import { showError, showSuccess } from '../state/snackbar-store.ts';
import { COMMON_TEXTS } from './texts.ts';

/**
 * Copies to the clipboard; "Ups, das klappt nicht mit Deinem Browser" when it cannot (no clipboard
 * outside a secure context, e.g. a server opened by its address in the office network over http).
 */
export async function copyText(text: string, success: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    showSuccess(success);
  } catch {
    showError(COMMON_TEXTS.copyFailed);
  }
}
