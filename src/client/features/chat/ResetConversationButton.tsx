import RestartIcon from '@mui/icons-material/RestartAltRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { CT } from './texts.ts';

interface Props {
  onReset: () => void;
  disabled?: boolean;
  /** Icon only (narrow headers). */
  compact?: boolean;
}

/** "Unterhaltung neu starten" with a confirmation: the thread entry goes, a new thread starts. */
export function ResetConversationButton({ onReset, disabled, compact }: Props) {
  const [open, setOpen] = useState(false);
  const confirm = () => {
    setOpen(false);
    onReset();
  };
  return (
    <>
      {compact ? (
        <Tooltip title={CT.resetButton}>
          <span>
            <IconButton aria-label={CT.resetButton} disabled={disabled} onClick={() => setOpen(true)} color="inherit">
              <RestartIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button color="inherit" variant="outlined" size="small" startIcon={<RestartIcon />} disabled={disabled} onClick={() => setOpen(true)}
          sx={{ borderColor: 'color-mix(in srgb, currentColor 28%, transparent)', whiteSpace: 'nowrap' }}
        >
          {CT.resetButton}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reset-conversation-title" maxWidth="xs" fullWidth>
        <DialogTitle id="reset-conversation-title">{CT.resetTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{CT.resetText}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setOpen(false)}>
            {CT.cancel}
          </Button>
          <Button variant="contained" onClick={confirm} autoFocus>
            {CT.resetConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
