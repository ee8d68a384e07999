/**
 * Runs `work` and measures the longest time the event loop waited for a turn meanwhile: the
 * longest gap between ticks of a 5-ms timer (work on the main thread delays the next tick by as
 * long as it runs). `took` is the work's whole time, in ms like `longest`.
 */
export async function withLoopWatch<T>(work: () => Promise<T>): Promise<{ result: T; took: number; longest: number }> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    longest = Math.max(longest, performance.now() - last);
    last = performance.now();
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, took: performance.now() - started, longest: Math.max(longest, performance.now() - last) };
  } finally {
    clearInterval(ticker);
  }
}
