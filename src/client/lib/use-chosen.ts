import { useState } from 'react';

/**
 * What a control that saves at once shows while the save runs: the value just chosen, from the
 * click on. Bound to the query cache alone, a controlled switch jumps back for a moment — the
 * mutation's optimistic update reaches the cache only after a tick (TanStack Query runs
 * `onMutate` after an await and tells its observers on a timer) — and whoever looks at once (a
 * person on a slow phone, a test reading the state right after its click) sees the old value.
 * `choose(value)` returns the function to call when that save settled: the stored value (saved, or
 * restored on an error) shows again — unless a later choice is under way meanwhile.
 */
export function useChosen<T>(stored: T): [shown: T, choose: (value: T) => () => void] {
  const [chosen, setChosen] = useState<{ value: T } | null>(null);
  const choose = (value: T) => {
    const choice = { value };
    setChosen(choice);
    return () => setChosen((current) => (current === choice ? null : current));
  };
  return [chosen ? chosen.value : stored, choose];
}
