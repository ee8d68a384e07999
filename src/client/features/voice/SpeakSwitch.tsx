import { PauseIcon } from '../../components/ui/icons/PauseIcon.ts';
import { PlayIcon } from '../../components/ui/icons/PlayIcon.ts';
import { VolumeIcon } from '../../components/ui/icons/VolumeIcon.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Stack } from '../../components/ui/Stack.ts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { ChatSlotContext } from '../../components/chat/index.ts';
import { VOICE_TEXTS } from './texts.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { ToggleSwitch } from '../../components/ui/ToggleSwitch.tsx';

/**
 * "kann sprechen" (docs/product/chat-and-voice.md, docs/product/chat-and-voice.md): when on, every new answer is spoken. Before the audio
 * exists a speaker icon shows; then a play/pause toggle, which resets when the audio ends.
 */
export function SpeakSwitch({ chat }: { chat: ChatSlotContext }) {
  const [on, setOn] = useState(false);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const spoken = useRef<number | null>(null);
  const { refreshMessages } = chat;

  // A text answer; once spoken it is an audio message (type mp3) and stays the latest answer.
  const latestAnswer = [...chat.messages].reverse().find((m) => m.origin === 'ai' && (m.type === 'txt' || m.type === 'mp3') && m.id > 0);

  useEffect(() => {
    // Only answers that arrive while the switch is on are spoken, each once.
    if (!on || !latestAnswer || !chat.thread || chat.status !== 'done-ai') return;
    if (spoken.current === null) {
      spoken.current = latestAnswer.id;
      return;
    }
    if (latestAnswer.id <= spoken.current) return;
    spoken.current = latestAnswer.id;
    const thread = chat.thread;
    setLoading(true);
    void api
      .post<Blob>(
        '/api/send/msgtovoice',
        { assistantUuid: chat.assistantUuid, threadId: thread.id, token: thread.token, msgId: latestAnswer.id },
        { responseType: 'blob' },
      )
      .then((blob) => {
        const next = new Audio(URL.createObjectURL(blob));
        next.onended = () => setPlaying(false);
        setAudio(next);
        setPlaying(true);
        void next.play().catch(() => setPlaying(false));
        // The answer is stored as an audio message now: the conversation shows its player to replay it.
        refreshMessages();
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [on, latestAnswer, chat.thread, chat.status, chat.assistantUuid, refreshMessages]);

  useEffect(() => () => audio?.pause(), [audio]);

  const toggle = () => {
    if (!audio) return;
    if (playing) {
      audio.pause();
      setPlaying(false);
    } else {
      setPlaying(true);
      void audio.play().catch(() => setPlaying(false));
    }
  };

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {on && (
        <Hint title={loading ? VOICE_TEXTS.speaking : playing ? VOICE_TEXTS.pause : VOICE_TEXTS.play} disabled={!audio}>
          <IconButton size="small" onClick={toggle} disabled={!audio} aria-label={playing ? VOICE_TEXTS.pause : VOICE_TEXTS.play}>
            {!audio ? <VolumeIcon size="small" /> : playing ? <PauseIcon size="small" /> : <PlayIcon size="small" />}
          </IconButton>
        </Hint>
      )}
      <ToggleSwitch
        label={VOICE_TEXTS.canTalk}
        checked={on}
        onChange={(checked) => {
          spoken.current = latestAnswer?.id ?? 0;
          setOn(checked);
        }}
      />
    </Stack>
  );
}
