import type { ReactNode } from 'react';
import type { ChatSlotContext } from '../features/chat/ChatPanel.tsx';

interface SlotAssistant {
  can_talk: number;
}

/** The voice slots of the public chat (the "kann sprechen" switch and the voice input button). */
export function usePublicChatSlots(_assistant: SlotAssistant | undefined) {
  return {
    headerActions: (_chat: ChatSlotContext): ReactNode => null,
    inputAdornment: (_chat: ChatSlotContext): ReactNode => null,
  };
}
