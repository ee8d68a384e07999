import ChatView from '../../features/chat/ChatView.tsx';
import { useVoiceSlots } from '../../features/voice/use-voice-slots.tsx';
import { useFeedbackSlots } from '../../features/question-insights/use-feedback-slots.tsx';

/** Voice input, the "kann sprechen" switch and the thumbs under answers. */
const useOfficeSlots: typeof useVoiceSlots = (assistant, opts) => ({ ...useVoiceSlots(assistant, opts), ...useFeedbackSlots() });

/** The office chat with the voice and feedback features in its slots: the app composes them. */
export default function OfficeChatView({ assistantUuid }: { assistantUuid: string }) {
  return <ChatView assistantUuid={assistantUuid} useSlots={useOfficeSlots} />;
}
