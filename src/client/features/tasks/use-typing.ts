import { useEffect, useMemo, useState } from 'react';
import { TASK_TYPING_MS } from '../../../shared/schemas/task.ts';
import { prefersReducedMotion } from '../../lib/use-media-query.ts';

/** At most this many steps: a long result is typed a few words per step, never for minutes. */
const MAX_STEPS = 60;


/**
 * The typing effect of the task result (docs/product/tasks-and-images.md: 100 ms per step). Each step reveals the next
 * word(s); with reduced motion the whole text shows at once. `skip` shows the rest immediately.
 */
export function useTyping(text: string, stepMs = TASK_TYPING_MS) {
  const chunks = useMemo(() => text.match(/\S+\s*|\s+/g) ?? [], [text]);
  const [progress, setProgress] = useState<{ text: string; shown: number }>({ text: '', shown: 0 });
  const shown = progress.text === text ? progress.shown : prefersReducedMotion() ? chunks.length : 0;
  const done = shown >= chunks.length;

  useEffect(() => {
    if (done) return;
    const per = Math.max(1, Math.ceil(chunks.length / MAX_STEPS));
    const timer = setInterval(() => {
      setProgress((p) => {
        const from = p.text === text ? p.shown : 0;
        return { text, shown: Math.min(chunks.length, from + per) };
      });
    }, stepMs);
    return () => clearInterval(timer);
  }, [text, chunks.length, stepMs, done]);

  return {
    text: done ? text : chunks.slice(0, shown).join(''),
    done,
    skip: () => setProgress({ text, shown: chunks.length }),
  };
}
