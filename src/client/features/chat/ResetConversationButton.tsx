import { RestartIcon } from '../../components/ui/icons/RestartIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useRef, useState } from 'react';
import { CT } from '../../lib/chat/index.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';

interface Props {
  /** The assistant's name, said in the confirmation. */
  assistantName: string;
  onReset: () => void;
  disabled?: boolean;
  /** Icon only (narrow headers). */
  compact?: boolean;
}

/** "Unterhaltung neu starten" with a confirmation: the thread entry goes, a new thread starts. */
export function ResetConversationButton({ assistantName, onReset, disabled, compact }: Props) {
  const [open, setOpen] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const confirm = () => {
    setOpen(false);
    onReset();
  };
  return (
    <>
      {compact ? (
        <Hint title={CT.resetButton} disabled={disabled}>
          <IconButton aria-label={CT.resetButton} disabled={disabled} onClick={() => setOpen(true)} color="inherit">
            <RestartIcon />
          </IconButton>
        </Hint>
      ) : (
        <Button color="inherit" variant="outlined" size="small" startIcon={<RestartIcon />} disabled={disabled} onClick={() => setOpen(true)}
          sx={{
            borderColor: 'color-mix(in srgb, currentColor 28%, transparent)',
            whiteSpace: 'nowrap',
            // Disabled (no conversation yet) but still readable on any chat colours.
            '&.Mui-disabled': { color: 'inherit', opacity: 0.6, borderColor: 'color-mix(in srgb, currentColor 20%, transparent)' },
          }}
        >
          {CT.resetButton}
        </Button>
      )}
      <ModalDialog open={open} onClose={() => setOpen(false)} labelledBy="reset-conversation-title" describedBy="reset-conversation-text" initialFocus={confirmRef}>
        <Box sx={{ p: 3 }}>
          <Typography id="reset-conversation-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {CT.resetTitle}
          </Typography>
          <Typography id="reset-conversation-text" sx={{ color: 'text.secondary', mb: 3 }}>
            {CT.resetText(assistantName)}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button color="inherit" onClick={() => setOpen(false)}>
              {CT.cancel}
            </Button>
            <Button ref={confirmRef} variant="contained" onClick={confirm}>
              {CT.resetConfirm}
            </Button>
          </Box>
        </Box>
      </ModalDialog>
    </>
  );
}
