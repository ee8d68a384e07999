import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import { MC } from '../../../shared/messages.ts';
import { CT } from './texts.ts';
import { Hint } from '../../components/Hint.tsx';

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
          border: '1px solid rgba(245, 165, 36, 0.45)',
          bgcolor: 'rgba(245, 165, 36, 0.1)',
          color: '#F5C36B',
          fontWeight: 600,
          fontSize: '0.75rem',
          whiteSpace: 'nowrap',
        }}
      >
        <CloudOffIcon aria-hidden sx={{ fontSize: 15 }} />
        {MC.offlineLabel}
      </Box>
    </Hint>
  );
}
