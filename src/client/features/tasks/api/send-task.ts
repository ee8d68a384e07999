import { useMutation } from '@tanstack/react-query';
import type { TaskResponse } from '../../../../shared/schemas/task.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useChatStore } from '../../../state/chat-store.ts';
import { showError } from '../../../state/snackbar-store.ts';
import { ensureThread, threadKey } from '../../../state/chat-thread.ts';

export interface SendTaskInput {
  assistantUuid: string;
  input: string;
  /** Called once the thread is known, before the task is sent (to follow its live progress). */
  onThread?: (thread: { id: number; token: string }) => void;
}

async function sendTask({ assistantUuid, input, onThread }: SendTaskInput, retry = true): Promise<TaskResponse> {
  const scope = { assistantUuid, publicMode: false };
  const thread = await ensureThread(scope);
  onThread?.(thread);
  try {
    return await api.post<TaskResponse>(
      '/api/send/task',
      { assistantUuid, threadId: thread.id, token: thread.token, input },
      { snackbar: false },
    );
  } catch (error) {
    // A thread the server no longer knows (reset elsewhere): start a new one, once.
    if (retry && error instanceof ApiError && error.status === 404) {
      useChatStore.getState().resetThread(threadKey(scope), thread.id);
      return sendTask({ assistantUuid, input, onThread }, false);
    }
    if (error instanceof ApiError && error.status !== 401) showError(error.userMessage);
    throw error;
  }
}

/** POST /api/send/task {assistantUuid, threadId, token, input} → {responseData, responseType, msgId, threadToken, threadId}. */
export function useSendTask() {
  return useMutation({ mutationFn: (input: SendTaskInput) => sendTask(input) });
}
