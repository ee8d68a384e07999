import { useEffect, useState } from 'react';
import { TRAINING } from '../assistant-rules.ts';

/**
 * docs/product/library-and-wizard.md: while `running`, the progress advances 5 % every 200 ms up to 100. Once it is at
 * 100 and the assistant exists (`doneWith`), `onFinished` runs 2 s later.
 */
export function useTrainingProgress(
  running: boolean,
  doneWith: string | null,
  onFinished: (uuid: string) => void,
) {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      setProgress((p) => Math.min(100, p + TRAINING.stepPercent));
    }, TRAINING.stepMs);
    return () => window.clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (!running || progress < 100 || !doneWith) return;
    const timer = window.setTimeout(() => onFinished(doneWith), TRAINING.closeDelayMs);
    return () => window.clearTimeout(timer);
  }, [running, progress, doneWith, onFinished]);

  return { progress: running ? progress : 0, reset: () => setProgress(0) };
}
