import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useRef, useState } from 'react';
import { CT } from '../../lib/chat/index.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';

interface Props {
  onDelete: () => Promise<void>;
  disabled?: boolean;
  compact?: boolean;
}

/** "Unterhaltung löschen" (public chat): after a confirmation the server deletes the conversation. */
export function DeleteConversationButton({ onDelete, disabled, compact }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      setOpen(false);
    } catch {
      // The api client has shown the server's message; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {compact ? (
        <Hint title={CT.deleteButton} disabled={disabled}>
          <IconButton aria-label={CT.deleteButton} disabled={disabled} onClick={() => setOpen(true)} color="inherit">
            <DeleteIcon />
          </IconButton>
        </Hint>
      ) : (
        <Button color="inherit" variant="outlined" size="small" startIcon={<DeleteIcon />} disabled={disabled} onClick={() => setOpen(true)}
          sx={{
            borderColor: 'color-mix(in srgb, currentColor 28%, transparent)',
            whiteSpace: 'nowrap',
            '&.Mui-disabled': { color: 'inherit', opacity: 0.6, borderColor: 'color-mix(in srgb, currentColor 20%, transparent)' },
          }}
        >
          {CT.deleteButton}
        </Button>
      )}
      <ModalDialog open={open} onClose={() => setOpen(false)} labelledBy="delete-conversation-title" describedBy="delete-conversation-text" initialFocus={cancelRef}>
        <Box sx={{ p: 3 }}>
          <Typography id="delete-conversation-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {CT.deleteTitle}
          </Typography>
          <Typography id="delete-conversation-text" sx={{ color: 'text.secondary', mb: 3 }}>
            {CT.deleteText}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button ref={cancelRef} color="inherit" onClick={() => setOpen(false)}>
              {CT.cancel}
            </Button>
            <Button variant="contained" color="error" loading={busy} onClick={() => void confirm()}>
              {CT.deleteConfirm}
            </Button>
          </Box>
        </Box>
      </ModalDialog>
    </>
  );
}
