/**
 * CPU work on the event loop in slices: `await slice()` between steps of a long loop gives the loop
 * a turn (setImmediate: timers, sockets, other requests) once the current slice has run SLICE_MS.
 * Counting steps instead (every 50 passages) left the slice's length to the steps' size: 50 long
 * passages of a web page held the loop 0.9 s, 50 short rows of a workbook 20 ms.
 */
const SLICE_MS = 15;

export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> {
  let began = performance.now();
  return async () => {
    if (performance.now() - began < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    began = performance.now();
  };
}
