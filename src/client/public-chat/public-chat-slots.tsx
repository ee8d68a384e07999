import { useVoiceSlots } from '../features/voice/use-voice-slots.tsx';
import { useFeedbackSlots } from '../features/question-insights/use-feedback-slots.tsx';

interface SlotAssistant {
  can_talk: number;
}

/** The slots of the public chat: voice input is always offered there (docs/product/public-chat-and-embed.md); thumbs under answers. */
export function usePublicChatSlots(assistant: SlotAssistant | undefined) {
  return { ...useVoiceSlots(assistant, { publicMode: true }), ...useFeedbackSlots() };
}
