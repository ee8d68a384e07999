import { io, type Socket } from 'socket.io-client';
import { JOIN_LIVE_EVENT, LIVE_EVENT, type JoinLiveAck, type LiveThreadUpdated } from '../../../shared/schemas/handoff.ts';
import { HANDOFF_TEXTS } from './texts.ts';

/**
 * The office's live connection for the hand-off (docs/decisions/044): every office tab joins the
 * live rooms of the Mikas its user may use — that presence is what makes the team "available" to a
 * visitor — and hears about public conversations: a request plays a sound and shows a browser
 * notification (when allowed), and «Live» refetches. Loaded after the office's first screen.
 */
type Listener = (event: LiveThreadUpdated) => void;

const listeners = new Set<Listener>();
let socket: Socket | undefined;
/** Whether this tab is in its live rooms (shown in «Live»: the team is reachable through it). */
let joined = false;
const joinedListeners = new Set<() => void>();
const setJoined = (value: boolean) => {
  joined = value;
  for (const listener of joinedListeners) listener();
};

function join(s: Socket) {
  s.emit(JOIN_LIVE_EVENT, {}, (ack: JoinLiveAck) => setJoined(ack?.ok === true));
}

/** For useSyncExternalStore: whether the tab is present in its live rooms. */
export const officeLiveJoined = {
  subscribe: (listener: () => void) => {
    joinedListeners.add(listener);
    return () => {
      joinedListeners.delete(listener);
    };
  },
  get: () => joined,
};

/** Starts the connection once per tab (idempotent). */
export function startOfficeLive(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  const s = io({ path: '/socket.io', transports: ['websocket'], withCredentials: true, reconnectionDelayMax: 10_000 });
  s.on('connect', () => join(s));
  s.on('disconnect', () => setJoined(false));
  s.on(LIVE_EVENT, (event: LiveThreadUpdated) => {
    if (event.kind === 'requested') announce(event);
    for (const listener of listeners) listener(event);
  });
  socket = s;
}

/** Joins the rooms again, e.g. after hand-off was switched on for a Mika. */
export function rejoinOfficeLive(): void {
  if (socket?.connected) join(socket);
}

/** Follows the live events (an effect's cleanup is the returned function). */
export function onLiveEvent(listener: Listener): () => void {
  startOfficeLive();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let audio: AudioContext | undefined;

/** A short two-tone chime (no audio file to load) and, when allowed, a browser notification. */
function announce(event: LiveThreadUpdated) {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.12, now + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.18);
      osc.stop(now + i * 0.18 + 0.17);
    }
  } catch {
    // No sound without a user gesture or audio support: the list still shows the request.
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    const n = new Notification(HANDOFF_TEXTS.notifyTitle, { tag: `mika-live-${event.threadId}` });
    n.onclick = () => {
      window.focus();
      window.location.assign('/Live');
    };
  }
}
