import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import type { StreamEvent } from '../../../shared/schemas/chat.ts';
import { ApiError, NetworkError, UnauthenticatedError, feedbackUrl } from '../../lib/api-client.ts';
import { isPublicPath } from '../../lib/public-paths.ts';
import { showError } from '../../state/snackbar-store.ts';
import { createSseParser } from './sse-parser.ts';

export type StreamOutcome = 'done' | 'ended';

/**
 * GET /api/send/stream read with fetch (not EventSource): errors before the stream starts are
 * normal JSON answers (422/403/404) that get the global handling of docs/product/chat-and-voice.md, and the session
 * cookie goes along. Resolves 'done' after [DONE], 'ended' when the body ended without it (the
 * connection broke). Throws ApiError for an error answer (already shown) and AbortError on abort.
 */
export async function readChatStream(url: string, onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<StreamOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest' },
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    const error = new NetworkError();
    showError(error.userMessage);
    throw error;
  }

  if (!response.ok || !response.body) throw await failure(response);

  const parser = createSseParser(onEvent);
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
      if (parser.done) break;
    }
    parser.end();
  } catch (err) {
    if (signal.aborted) throw err;
    // The connection broke mid-answer; the server keeps working and stores the answer anyway.
    return 'ended';
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return parser.done ? 'done' : 'ended';
}

/** The global response handling of api-client for an answer read outside of it. */
async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: the text itself is the message
  }
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (message === COMMON_MESSAGES.unauthenticated) {
    if (!isPublicPath(window.location.pathname)) window.location.reload();
    return new UnauthenticatedError(response.status, body);
  }
  const error = new ApiError(response.status, body);
  if (response.status === 403 && error.feedback) {
    window.location.assign(feedbackUrl(error.feedback));
    return error;
  }
  // A 404 means the thread is gone: the session starts a new one without bothering the user.
  if (response.status !== 404) showError(error.userMessage);
  return error;
}
