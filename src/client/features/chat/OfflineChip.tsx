import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { MC } from '../../../shared/messages.ts';
import { CT } from './texts.ts';

/** The offline engine answers (no AI model configured): never presented as a real model (ARCHITECTURE §6). */
export function OfflineChip() {
  return (
    <Tooltip title={CT.offlineTooltip}>
      <Chip
        data-testid="offline-label"
        icon={<CloudOffIcon />}
        label={MC.offlineLabel}
        size="small"
        variant="outlined"
        tabIndex={0}
        sx={{
          height: 24,
          fontWeight: 600,
          fontSize: '0.75rem',
          color: '#F5C36B',
          borderColor: 'rgba(245, 165, 36, 0.45)',
          bgcolor: 'rgba(245, 165, 36, 0.1)',
          '& .MuiChip-icon': { color: 'inherit', fontSize: 15, ml: 0.75 },
        }}
      />
    </Tooltip>
  );
}
