import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { useState } from 'react';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { STATE } from '../../components/ui/selectors.ts';
import { onDemand } from '../../lib/on-demand.tsx';

// The confirmation loads when it first opens (most visitors never open it).
const ChatConfirmDialog = onDemand(() => import('./ChatConfirmDialog.tsx').then((m) => m.ChatConfirmDialog));

interface Props {
  onDelete: () => Promise<void>;
  disabled?: boolean;
  compact?: boolean;
}

/** "Unterhaltung löschen" (public chat): after a confirmation the server deletes the conversation. */
export function DeleteConversationButton({ onDelete, disabled, compact }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
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
        <Hint title={CHAT_TEXTS.deleteButton} disabled={disabled}>
          <IconButton aria-label={CHAT_TEXTS.deleteButton} disabled={disabled} onClick={() => setOpen(true)} color="inherit">
            <DeleteIcon />
          </IconButton>
        </Hint>
      ) : (
        <Button color="inherit" variant="outlined" size="small" startIcon={<DeleteIcon />} disabled={disabled} onClick={() => setOpen(true)}
          sx={{
            borderColor: 'color-mix(in srgb, currentColor 28%, transparent)',
            whiteSpace: 'nowrap',
            [STATE.disabled]: { color: 'inherit', opacity: 0.6, borderColor: 'color-mix(in srgb, currentColor 20%, transparent)' },
          }}
        >
          {CHAT_TEXTS.deleteButton}
        </Button>
      )}
      {open && (
        <ChatConfirmDialog
          id="delete-conversation"
          title={CHAT_TEXTS.deleteTitle}
          text={CHAT_TEXTS.deleteText}
          confirmLabel={CHAT_TEXTS.deleteConfirm}
          destructive
          initialFocus="cancel"
          busy={busy}
          onCancel={() => setOpen(false)}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}
