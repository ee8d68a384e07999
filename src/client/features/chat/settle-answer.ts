import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { putSaved } from '../../lib/put-saved.ts';

/**
 * Adds a streamed answer (with the files or the form after it) to the conversation in the cache.
 *
 * A load of the stored messages that started while the answer streamed (the thread had just been
 * created, the window regained focus) answers with the state of that moment — without the answer,
 * maybe without the question: `putSaved` cancels it. A load that had already landed replaced the
 * local question with what the server had then, perhaps a "streaming" copy of this answer: those
 * copies give way to the answer, and the conversation is loaded once more (the server stored it
 * all before "complete").
 */
export async function settleAnswer(queryClient: QueryClient, key: QueryKey, questionId: number, answer: ChatMessage[]): Promise<void> {
  const ids = new Set(answer.map((m) => m.id));
  let reloaded = false;
  await putSaved<ChatMessage[]>(queryClient, key, (current = []) => {
    reloaded = !current.some((m) => m.id === questionId);
    return [...current.filter((m) => !ids.has(m.id)), ...answer];
  });
  if (reloaded) await queryClient.invalidateQueries({ queryKey: key });
}
