import { useEffect, useMemo } from 'react';

/** Messages between the public chat in an iframe and the page that embeds it (public/embed.js). */
export type HostMessage = { type: 'mika:open' } | { type: 'mika:close' };

export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * The origin of the embedding page: location.ancestorOrigins where the browser has it, else the
 * referrer. null when it cannot be known; then nothing is posted and nothing is accepted.
 */
export function parentOrigin(): string | null {
  if (!isEmbedded()) return null;
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const fromAncestors = ancestors && ancestors.length > 0 ? ancestors[0] : undefined;
  if (fromAncestors && fromAncestors !== 'null') return fromAncestors;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

export function postToHost(origin: string | null, message: { type: 'mika:ready' | 'mika:close' }): void {
  if (!origin) return;
  window.parent.postMessage(message, origin);
}

const isHostMessage = (data: unknown): data is HostMessage =>
  !!data && typeof data === 'object' && ((data as { type?: unknown }).type === 'mika:open' || (data as { type?: unknown }).type === 'mika:close');

/**
 * Announces the chat to the host page (mika:ready) and follows its open/close messages — only from
 * the parent window and its origin; every other sender is ignored.
 */
export function useEmbedBridge(ready: boolean, onHostMessage: (message: HostMessage) => void) {
  const origin = useMemo(() => parentOrigin(), []);
  useEffect(() => {
    if (!origin) return;
    const listener = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== window.parent || !isHostMessage(event.data)) return;
      onHostMessage(event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, onHostMessage]);
  useEffect(() => {
    if (ready) postToHost(origin, { type: 'mika:ready' });
  }, [origin, ready]);
  return { embedded: origin !== null, close: () => postToHost(origin, { type: 'mika:close' }) };
}
