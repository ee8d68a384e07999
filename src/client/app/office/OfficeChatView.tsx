import ChatView from '../../features/chat/ChatView.tsx';
import { useVoiceSlots } from '../../features/voice/use-voice-slots.tsx';

/** The office chat with the voice feature in its slots: the app composes the two features. */
export default function OfficeChatView({ assistantUuid }: { assistantUuid: string }) {
  return <ChatView assistantUuid={assistantUuid} useSlots={useVoiceSlots} />;
}
