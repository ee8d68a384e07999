import { CloudOffIcon } from '../ui/icons/CloudOffIcon.ts';
import { Box } from '../ui/Box.ts';
import { MC } from '../../../shared/messages.ts';
import { CT } from '../../lib/chat/index.ts';
import { Hint } from '../ui/Hint.tsx';

/** The offline engine answers (no AI model configured): never presented as a real model (ARCHITECTURE §6). */
export function OfflineChip() {
  return (
    <Hint title={CT.offlineTooltip}>
      <Box
        component="span"
        data-testid="offline-label"
        tabIndex={0}
        role="note"
        aria-label={`${MC.offlineLabel}: ${CT.offlineTooltip}`}
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
        {MC.offlineLabel}
      </Box>
    </Hint>
  );
}
