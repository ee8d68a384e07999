import { Button } from '../../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../../components/ui/Dialog.ts';
import { ASSISTANT_MESSAGES } from '../../../../shared/messages.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useDeleteAssistant } from '../api/delete-assistant.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

interface Props {
  /** The assistant to delete; null keeps the dialog closed. */
  assistant: { uuid: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** "Willst Du diesen Mika wirklich löschen?" → DELETE → "Der Assistent wurde gelöscht". */
export function DeleteAssistantDialog({ assistant, onClose, onDeleted }: Props) {
  const mutation = useDeleteAssistant();

  const confirm = () => {
    if (!assistant) return;
    mutation.mutate(assistant.uuid, {
      onSuccess: () => {
        showSuccess(ASSISTANT_MESSAGES.deleted);
        onClose();
        onDeleted?.();
      },
    });
  };

  return (
    <Dialog
      open={assistant !== null}
      onClose={mutation.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-assistant-title"
    >
      <DialogTitle id="delete-assistant-title">{ASSISTANT_TEXTS.deleteConfirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ color: 'text.primary', fontWeight: 500 }}>
          {ASSISTANT_TEXTS.deleteConfirm}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          <strong>{assistant?.name}</strong> – {ASSISTANT_TEXTS.deleteConfirmHint}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={mutation.isPending} color="inherit">
          {ASSISTANT_TEXTS.cancel}
        </Button>
        <Button onClick={confirm} loading={mutation.isPending} variant="contained" color="error">
          {ASSISTANT_TEXTS.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
