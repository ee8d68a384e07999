import { CloudOffIcon } from '../ui/icons/CloudOffIcon.ts';
import { Box } from '../ui/Box.ts';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';
import { Hint } from '../ui/Hint.tsx';

/** The offline engine answers (no AI model configured): never presented as a real model (docs/ai.md#the-offline-engine). */
export function OfflineChip() {
  return (
    <Hint title={CHAT_TEXTS.offlineTooltip}>
      <Box
        component="span"
        data-testid="offline-label"
        tabIndex={0}
        role="note"
        aria-label={`${CONVERSATION_MESSAGES.offlineLabel}: ${CHAT_TEXTS.offlineTooltip}`}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          height: 24,
          px: 1,
          borderRadius: '12px',
          // The surrounding text colour (readable on any chat colours), amber only as an accent.
          border: '1px solid rgba(245, 165, 36, 0.7)',
          bgcolor: 'rgba(245, 165, 36, 0.12)',
          color: 'inherit',
          '& svg': { color: '#F5A524' },
          fontWeight: 600,
          fontSize: '0.75rem',
          whiteSpace: 'nowrap',
        }}
      >
        <CloudOffIcon size={15} />
        {CONVERSATION_MESSAGES.offlineLabel}
      </Box>
    </Hint>
  );
}
