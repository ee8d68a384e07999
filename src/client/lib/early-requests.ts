/** A request started by early.ts before the app's code ran. */
export interface EarlyRequest {
  /** performance.now() when it started */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __mikaEarly?: Map<string, EarlyRequest>;
  }
}

/** Older answers are not used: the app asks again. */
const MAX_AGE_MS = 10_000;

/** The answer early.ts already asked for (GET `url`), once; undefined when there is none. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__mikaEarly;
  const request = early?.get(url);
  if (!request) return undefined;
  early!.delete(url);
  return performance.now() - request.at < MAX_AGE_MS ? request.response : undefined;
}
