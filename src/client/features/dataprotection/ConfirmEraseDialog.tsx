import { Button } from '../../components/ui/Button.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useRef } from 'react';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';
import { DSGVO_TEXTS } from './dsgvo-texts.ts';

/** The one confirmation before an erasure: nothing is deleted without it. */
export function ConfirmEraseDialog({ text, open, onClose, onConfirm }: { text: string; open: boolean; onClose: () => void; onConfirm: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy="erase-title" describedBy="erase-text" initialFocus={cancelRef}>
      <Box sx={{ p: 3 }}>
        <Typography id="erase-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {DSGVO_TEXTS.confirmTitle}
        </Typography>
        <Typography id="erase-text" sx={{ color: 'text.secondary', mb: 3 }}>
          {text}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button ref={cancelRef} color="inherit" onClick={onClose}>
            {DSGVO_TEXTS.cancel}
          </Button>
          <Button variant="contained" color="error" onClick={onConfirm}>
            {DSGVO_TEXTS.confirm}
          </Button>
        </Box>
      </Box>
    </ModalDialog>
  );
}
