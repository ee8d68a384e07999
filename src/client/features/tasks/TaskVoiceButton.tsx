import { PauseIcon } from '../../components/ui/icons/PauseIcon.ts';
import { PlayIcon } from '../../components/ui/icons/PlayIcon.ts';
import { VolumeIcon } from '../../components/ui/icons/VolumeIcon.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { useEffect, useState } from 'react';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { showError } from '../../state/snackbar-store.ts';
import { useTaskVoice } from './api/task-voice.ts';
import { TASK_TEXTS } from './texts.ts';

interface Props {
  assistantUuid: string;
  thread: { id: number; token: string };
  msgId: number;
  canTalk: boolean;
}

/**
 * Voice of a task result (docs/product/tasks-and-images.md): a speaker icon until the MP3 exists; then a play/pause
 * toggle that resets at the end. The parent keys it by the result, so a new result starts over.
 */
export function TaskVoiceButton({ assistantUuid, thread, msgId, canTalk }: Props) {
  const voice = useTaskVoice();
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(
    () => () => {
      if (!audio) return;
      audio.pause();
      URL.revokeObjectURL(audio.src);
    },
    [audio],
  );

  const play = (element: HTMLAudioElement) => {
    setPlaying(true);
    element.play().catch(() => {
      setPlaying(false);
      showError(CONVERSATION_MESSAGES.audioLoadFailed);
    });
  };

  const onClick = () => {
    if (audio) {
      if (playing) {
        audio.pause();
        setPlaying(false);
      } else play(audio);
      return;
    }
    voice.mutate(
      { assistantUuid, threadId: thread.id, token: thread.token, msgId },
      {
        onSuccess: (blob) => {
          const element = new Audio(URL.createObjectURL(blob));
          // At the end the toggle resets: play starts from the beginning again.
          element.onended = () => {
            element.currentTime = 0;
            setPlaying(false);
          };
          setAudio(element);
          play(element);
        },
      },
    );
  };

  const label = !canTalk ? TASK_TEXTS.voiceUnavailable : voice.isPending ? TASK_TEXTS.voiceLoading : !audio ? TASK_TEXTS.voice : playing ? TASK_TEXTS.pause : TASK_TEXTS.play;
  return (
    <Hint title={label} disabled={!canTalk}>
      <IconButton onClick={onClick} disabled={!canTalk || voice.isPending} aria-label={label} data-testid="task-voice">
        {voice.isPending ? <Spinner size={20} /> : !audio ? <VolumeIcon /> : playing ? <PauseIcon /> : <PlayIcon />}
      </IconButton>
    </Hint>
  );
}
