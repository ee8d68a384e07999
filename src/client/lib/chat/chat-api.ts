import { useQuery } from '@tanstack/react-query';
import type { AssistantSummary } from '../../../shared/schemas/assistants.ts';
import type { Capabilities, ChatMessage, Thread } from '../../../shared/schemas/chat.ts';
import { api } from '../api-client.ts';
import type { ThreadEntry } from '../../state/chat-store.ts';

/** What the chat panel needs of an assistant (the office and the public page both have it). */
export type ChatAssistant = Pick<AssistantSummary, 'uuid' | 'name' | 'type' | 'image' | 'intro' | 'can_talk'>;

export const chatKeys = {
  capabilities: ['capabilities'] as const,
  assistant: (uuid: string) => ['chat', 'assistant', uuid] as const,
  messages: (assistantUuid: string, threadId: number | undefined) => ['chat', 'messages', assistantUuid, threadId] as const,
};

/** GET /api/capabilities: which AI capabilities this server has; `offline` when no model is configured. */
export function useCapabilitiesQuery() {
  return useQuery({
    queryKey: chatKeys.capabilities,
    queryFn: () => api.get<Capabilities>('/api/capabilities', { snackbar: false }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/assistant/{uuid}; 403/404 show the global snackbar. */
export function useChatAssistantQuery(uuid: string) {
  return useQuery({
    queryKey: chatKeys.assistant(uuid),
    queryFn: () => api.get<AssistantSummary>(`/api/assistant/${encodeURIComponent(uuid)}`),
  });
}

/** POST /api/thread/create; the public chat asks for a visitor thread (`public`) even with a session. */
export const createThread = (assistantUuid: string, publicMode: boolean) =>
  api.post<Thread>('/api/thread/create', publicMode ? { assistantUuid, public: true } : { assistantUuid });

/** GET /api/messages/{assistantUuid}/{threadId}?token= — errors are handled by the caller (404 = thread gone). */
export async function fetchMessages(assistantUuid: string, thread: ThreadEntry): Promise<ChatMessage[]> {
  const url = `/api/messages/${encodeURIComponent(assistantUuid)}/${thread.id}?token=${encodeURIComponent(thread.token)}`;
  const data = await api.get<{ messages: ChatMessage[] }>(url, { snackbar: false });
  return data.messages;
}

/** POST /api/save/stream — kept for compatibility; the server has stored the answer already. */
export function confirmStreamedAnswer(assistantUuid: string, thread: ThreadEntry, finalText: string, responseId: string) {
  return api.post('/api/save/stream', {
    assistantUuid,
    threadId: thread.id,
    token: thread.token,
    message: finalText,
    lastResponseId: responseId,
  }, { snackbar: false });
}

export function streamUrl(assistantUuid: string, thread: ThreadEntry, message: string): string {
  const query = new URLSearchParams({ assistantUuid, threadId: String(thread.id), token: thread.token, message });
  if (thread.lastResponseId) query.set('lastResponseId', thread.lastResponseId);
  return `/api/send/stream?${query.toString()}`;
}

/** /audio/{assistantUuid}/{file}?token= and /document/{assistantUuid}/{file}?token= (docs/product/chat-and-voice.md). */
export function fileUrl(kind: 'audio' | 'document', assistantUuid: string, file: string, token: string): string {
  return `/${kind}/${encodeURIComponent(assistantUuid)}/${encodeURIComponent(file)}?token=${encodeURIComponent(token)}`;
}
