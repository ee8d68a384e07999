import { useVoiceSlots } from '../features/voice/use-voice-slots.tsx';

interface SlotAssistant {
  can_talk: number;
}

/** The voice slots of the public chat: voice input is always offered there (docs/product/public-chat-and-embed.md). */
export function usePublicChatSlots(assistant: SlotAssistant | undefined) {
  return useVoiceSlots(assistant, { publicMode: true });
}
