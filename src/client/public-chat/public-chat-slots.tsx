import { useVoiceSlots } from '../features/voice/use-voice-slots.tsx';

interface SlotAssistant {
  can_talk: number;
}

/** The voice slots of the public chat: voice input is always offered there (spec 01 §6). */
export function usePublicChatSlots(assistant: SlotAssistant | undefined) {
  return useVoiceSlots(assistant, { publicMode: true });
}
