import type { ReactNode } from 'react';
import type { ChatSlotContext } from '../../components/chat/index.ts';
import { useCapabilitiesQuery } from '../../lib/chat/index.ts';
import { onDemand } from '../../lib/on-demand.tsx';

// Each control loads only where it shows: the switch for assistants that can talk, the microphone
// once the server says it can transcribe (an answer the panel waits for anyway). The public chat's
// first load carries neither (docs/performance.md).
const SpeakSwitch = onDemand(() => import('./SpeakSwitch.tsx').then((m) => m.SpeakSwitch));
const VoiceInputButton = onDemand(() => import('./VoiceInputButton.tsx').then((m) => m.VoiceInputButton));

/**
 * The voice slots of a chat panel. The microphone shows only when the server can transcribe and
 * either the team's protection level is 0 or this is the public chat (docs/product/chat-and-voice.md); the "kann
 * sprechen" switch only for assistants that can talk.
 */
export function useVoiceSlots(assistant: { can_talk: number } | undefined, opts: { publicMode: boolean; protectionLevel?: number }) {
  const capabilities = useCapabilitiesQuery();
  const canRecord =
    capabilities.data?.transcription.available === true && (opts.publicMode || (opts.protectionLevel ?? 0) === 0);
  const canTalk = assistant?.can_talk === 1;
  return {
    headerActions: (chat: ChatSlotContext): ReactNode => (canTalk ? <SpeakSwitch chat={chat} /> : null),
    inputAdornment: (chat: ChatSlotContext): ReactNode => (canRecord ? <VoiceInputButton chat={chat} /> : null),
  };
}
