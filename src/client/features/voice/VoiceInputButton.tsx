import { MicIcon } from '../../components/ui/icons/MicIcon.ts';
import { StopIcon } from '../../components/ui/icons/StopIcon.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { RECORDING_KEYFRAMES } from '../../components/ui/styles.ts';
import { useEffect, useRef, useState } from 'react';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { showError } from '../../state/snackbar-store.ts';
import type { ChatSlotContext } from '../../components/chat/index.ts';
import type { Recording } from './recorder.ts';
import { VOICE_TEXTS } from './texts.ts';
import { Hint } from '../../components/ui/Hint.tsx';

/**
 * docs/product/chat-and-voice.md: the button toggles recording; stopping sets pending-user, uploads the mono WAV and
 * sends the transcript as the message. A failed upload sets the status to error; a stop without a
 * conversation starts one, and says so only when that fails.
 */
export function VoiceInputButton({ chat }: { chat: ChatSlotContext }) {
  const [recording, setRecording] = useState<Recording | null>(null);
  const active = useRef<Recording | null>(null);
  useEffect(() => () => active.current?.cancel(), []);

  // Recording needs no conversation yet: right after the consent the conversation is still being
  // created (a few hundred milliseconds) — a visitor who taps the microphone at once records, and
  // the recording is sent to the conversation when it stops.
  const start = async () => {
    // Outside a secure context (a server opened by its address over http) the browser has no
    // microphone to offer: asking the visitor to allow it would send them looking in vain.
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      showError(VOICE_TEXTS.micNeedsHttps);
      return;
    }
    try {
      // The recorder and WAV encoder load when the visitor first uses voice.
      const { startRecording } = await import('./recorder.ts');
      const r = await startRecording();
      active.current = r;
      setRecording(r);
    } catch {
      showError(VOICE_TEXTS.micDenied);
    }
  };

  const stop = async () => {
    const r = recording;
    if (!r) return;
    setRecording(null);
    active.current = null;
    const wav = await r.stop();
    // Usually the conversation exists by now; if its creation failed (or never began), the
    // recording starts it as a typed question does, and is lost only when that fails too.
    const thread = chat.thread ?? (await chat.startThread());
    if (!thread) {
      showError(CONVERSATION_MESSAGES.noThread);
      return;
    }
    chat.setStatus('pending-user', VOICE_TEXTS.transcribing);
    const form = new FormData();
    form.append('assistantUuid', chat.assistantUuid);
    form.append('threadId', String(thread.id));
    form.append('token', thread.token);
    form.append('audio', wav, 'aufnahme.wav');
    try {
      const { message } = await api.post<{ message: string; addCost: number }>('/api/send/audio', form);
      chat.setStatus('done-ai');
      await chat.send(message);
    } catch (err) {
      chat.setStatus('error', err instanceof ApiError ? err.userMessage : undefined);
    }
  };

  const busy = chat.status !== 'done-ai' && chat.status !== 'error';
  return (
    <Hint title={recording ? VOICE_TEXTS.stopRecording : VOICE_TEXTS.startRecording} disabled={!recording && busy}>
      <IconButton
        aria-label={recording ? VOICE_TEXTS.stopRecording : VOICE_TEXTS.startRecording}
        onClick={() => void (recording ? stop() : start())}
        disabled={!recording && busy}
        sx={
          recording
            ? { ...RECORDING_KEYFRAMES, bgcolor: '#E53935', color: '#fff', animation: 'mika-recording 1.4s infinite', '&:hover': { bgcolor: '#C62828' } }
            : undefined
        }
      >
        {recording ? <StopIcon /> : <MicIcon />}
      </IconButton>
    </Hint>
  );
}
