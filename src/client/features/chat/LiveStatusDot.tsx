import { Box } from '../../components/ui/Box.ts';
import { PULSE_KEYFRAMES } from '../../components/ui/styles.ts';
import { COLORS } from '../../lib/theme-tokens.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { useLiveConnectionState, type ConnectionState } from '../../lib/live-channel.ts';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';

const DOT: Record<ConnectionState, { color: string; pulse: boolean }> = {
  initialized: { color: '#8D95A0', pulse: false },
  connecting: { color: COLORS.warning, pulse: true },
  connected: { color: COLORS.green, pulse: false },
  unavailable: { color: COLORS.warning, pulse: true },
  failed: { color: COLORS.error, pulse: false },
  disconnected: { color: '#8D95A0', pulse: false },
};

export const liveStatusLabel = (state: ConnectionState) => `${CHAT_TEXTS.liveLabel}: ${CHAT_TEXTS.liveStates[state]}`;

/** The realtime connection's six states (docs/product/chat-and-voice.md) as a small dot with an explaining tooltip. */
export function LiveStatusDot() {
  const state = useLiveConnectionState();
  const dot = DOT[state];
  const label = liveStatusLabel(state);
  return (
    <Hint
      placement="right"
      title={
        <>
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {label}
          </Box>
          <Box component="span" sx={{ display: 'block', opacity: 0.8, mt: 0.25 }}>
            {CHAT_TEXTS.liveHint}
          </Box>
        </>
      }
    >
      <Box
        role="status"
        aria-label={label}
        data-testid="live-status"
        data-state={state}
        tabIndex={0}
        sx={{ display: 'inline-grid', placeItems: 'center', width: 20, height: 20, borderRadius: '50%', cursor: 'help', outlineOffset: 2 }}
      >
        <Box
          component="span"
          sx={{
            ...PULSE_KEYFRAMES,
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: dot.color,
            color: dot.color,
            animation: dot.pulse ? 'mika-pulse 1.6s ease-out infinite' : 'none',
          }}
        />
      </Box>
    </Hint>
  );
}
