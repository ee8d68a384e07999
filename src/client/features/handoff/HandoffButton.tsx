import { SupportAgentIcon } from '../../components/ui/icons/SupportAgentIcon.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import type { ChatSlotContext } from '../../components/chat/index.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { useRequestHandoff } from './api/request-handoff.ts';
import { HANDOFF_TEXTS } from './texts.ts';

/**
 * «Mit einem Menschen sprechen» in the public chat and embed (loaded only when the Mika offers the
 * hand-off). In a running conversation it asks the server; before the first message it sends the
 * sentence itself, which the server recognises (docs/product/live-handoff.md). Either way the
 * Mika's reply (greeting, or nobody there with the contact form) arrives as messages of the thread.
 */
export function HandoffButton({ chat }: { chat: ChatSlotContext }) {
  const request = useRequestHandoff();
  const busy = request.isPending || chat.status === 'start-ai' || chat.status === 'request-ai';
  const ask = () => {
    const thread = chat.thread;
    if (!thread) {
      void chat.send(HANDOFF_TEXTS.askPersonPhrase);
      return;
    }
    request.mutate({ assistantUuid: chat.assistantUuid, threadId: thread.id, token: thread.token }, { onSettled: () => chat.refreshMessages() });
  };
  return (
    <Hint title={HANDOFF_TEXTS.askPerson}>
      <IconButton aria-label={HANDOFF_TEXTS.askPerson} data-testid="handoff-ask" onClick={ask} disabled={busy} sx={{ color: 'inherit' }}>
        <SupportAgentIcon />
      </IconButton>
    </Hint>
  );
}
