import type { ReactNode } from 'react';
import type { ChatSlotContext } from '../components/chat/index.ts';
import { useVoiceSlots } from '../features/voice/use-voice-slots.tsx';
import { useFeedbackSlots } from '../features/question-insights/use-feedback-slots.tsx';
import { useHandoffOffer } from '../features/handoff/api/get-handoff-offer.ts';
import { onDemand } from '../lib/on-demand.tsx';

interface SlotAssistant {
  uuid: string;
  can_talk: number;
}

// The hand-off button loads only for a Mika that offers it (the public chat's budget, docs/performance.md).
const HandoffButton = onDemand(() => import('../features/handoff/HandoffButton.tsx').then((m) => m.HandoffButton));

/**
 * The public chat's slots: voice input is always offered there (docs/product/public-chat-and-embed.md);
 * thumbs under answers; «Mit einem Menschen sprechen» when the Mika offers the live hand-off
 * (docs/product/live-handoff.md).
 */
export function usePublicChatSlots(assistant: SlotAssistant | undefined) {
  const voice = useVoiceSlots(assistant, { publicMode: true });
  const feedback = useFeedbackSlots();
  const handoff = useHandoffOffer(assistant?.uuid).data?.enabled === true;
  return {
    handoff,
    headerActions: (chat: ChatSlotContext): ReactNode => (
      <>
        {handoff && <HandoffButton chat={chat} />}
        {voice.headerActions(chat)}
      </>
    ),
    inputAdornment: voice.inputAdornment,
    answerActions: feedback.answerActions,
  };
}
