import { Button } from './ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from './ui/Dialog.ts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { showSuccess } from '../state/snackbar-store.ts';
import { COMMON_TEXTS } from '../lib/texts.ts';

interface Props {
  title: string;
  text: string;
  /** A second paragraph (what exactly happens). */
  detail?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  /** docs/product/README.md: confirm dialogs are 400 px wide, the team deletion's 500 px. */
  width?: 400 | 500;
  destructive?: boolean;
}

/** A confirm dialog (MUI; loaded with its screen): Abbrechen and the action, never wider than the screen. */
export function ConfirmDialog({ title, text, detail, confirmLabel, onConfirm, onClose, pending, width = 400, destructive }: Props) {
  const id = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      paperWidth={width}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <DialogContentText id={`${id}-text`} sx={{ color: 'text.primary' }}>
          {text}
        </DialogContentText>
        {detail && (
          <DialogContentText variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {COMMON_TEXTS.cancel}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Confirms a deletion that `mutation` performs with `variables`: on success the server's German
 * answer ("Datei gelöscht") shows in the snackbar and the dialog closes; a failure has shown its
 * message (api-client) and the dialog stays.
 */
export function ConfirmDeleteDialog<V>({
  mutation,
  variables,
  ...props
}: Omit<Props, 'onConfirm' | 'pending' | 'destructive'> & { mutation: UseMutationResult<{ message: string }, Error, V>; variables: V }) {
  const confirm = () =>
    mutation.mutate(variables, {
      onSuccess: (result) => {
        showSuccess(result.message);
        props.onClose();
      },
    });
  return <ConfirmDialog {...props} destructive pending={mutation.isPending} onConfirm={confirm} />;
}
