import { RestartIcon } from '../../components/ui/icons/RestartIcon.ts';
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
  const confirm = () => {
    setOpen(false);
    onReset();
  };
  return (
    <>
      {compact ? (
        <Hint title={CHAT_TEXTS.resetButton} disabled={disabled}>
          <IconButton aria-label={CHAT_TEXTS.resetButton} disabled={disabled} onClick={() => setOpen(true)} color="inherit">
            <RestartIcon />
          </IconButton>
        </Hint>
      ) : (
        <Button color="inherit" variant="outlined" size="small" startIcon={<RestartIcon />} disabled={disabled} onClick={() => setOpen(true)}
          sx={{
            borderColor: 'color-mix(in srgb, currentColor 28%, transparent)',
            whiteSpace: 'nowrap',
            // Disabled (no conversation yet) but still readable on any chat colours.
            [STATE.disabled]: { color: 'inherit', opacity: 0.6, borderColor: 'color-mix(in srgb, currentColor 20%, transparent)' },
          }}
        >
          {CHAT_TEXTS.resetButton}
        </Button>
      )}
      {open && (
        <ChatConfirmDialog
          id="reset-conversation"
          title={CHAT_TEXTS.resetTitle}
          text={CHAT_TEXTS.resetText(assistantName)}
          confirmLabel={CHAT_TEXTS.resetConfirm}
          initialFocus="confirm"
          onCancel={() => setOpen(false)}
          onConfirm={confirm}
        />
      )}
    </>
  );
}
