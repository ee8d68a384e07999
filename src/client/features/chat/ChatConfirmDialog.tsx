import { Button } from '../../components/ui/Button.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useRef } from 'react';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';

export interface ChatConfirmDialogProps {
  /** Prefix of the title's and the text's ids. */
  id: string;
  title: string;
  text: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Which button has the focus when the dialog opens (the safe one for a deletion). */
  initialFocus: 'cancel' | 'confirm';
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The chat's confirmation (restart, delete the conversation) on the light native dialog. Loaded when
 * it first opens (ResetConversationButton, DeleteConversationButton): most visitors never open it,
 * so it is not part of the public chat's first load.
 */
export function ChatConfirmDialog({ id, title, text, confirmLabel, destructive, initialFocus, busy, onCancel, onConfirm }: ChatConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog open onClose={onCancel} labelledBy={`${id}-title`} describedBy={`${id}-text`} initialFocus={initialFocus === 'cancel' ? cancelRef : confirmRef}>
      <Box sx={{ p: 3 }}>
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Typography id={`${id}-text`} sx={{ color: 'text.secondary', mb: 3 }}>
          {text}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button ref={cancelRef} color="inherit" onClick={onCancel}>
            {CHAT_TEXTS.cancel}
          </Button>
          <Button ref={confirmRef} variant="contained" color={destructive ? 'error' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Box>
      </Box>
    </ModalDialog>
  );
}
