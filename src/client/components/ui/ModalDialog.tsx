import { Box } from './Box.ts';
import type { UiStyle } from './style.ts';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  open: boolean;
  /** Escape or a click on the backdrop; without it the dialog can only be left through its own buttons. */
  onClose?: () => void;
  labelledBy: string;
  describedBy?: string;
  /** Receives focus when the dialog opens (default: the browser's first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Style additions for the dialog box (colours, width). */
  sx?: UiStyle;
  children: ReactNode;
}

/**
 * A modal dialog on the browser's own <dialog>: showModal() makes the page behind it inert, Tab
 * cycles inside it, puts it in the top layer and gives it the dialog role; Escape closes it when it may
 * be closed. Focus returns to where it was. Light enough for the public chat (docs/decisions/012).
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  sx,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      dialog.showModal();
      initialFocus?.current?.focus();
      return () => {
        if (dialog.open) dialog.close();
        if (previous?.isConnected) previous.focus();
      };
    }
    return undefined;
  }, [open, initialFocus]);
  if (!open) return null;
  return (
    <Box
      component="dialog"
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: the dialog closes only if its owner lets it.
        event.preventDefault();
        onClose?.();
      }}
      onKeyDown={(event) => {
        // The page behind is inert; Tab also cycles inside instead of leaving for the browser's UI.
        if (event.key !== 'Tab' || !ref.current) return;
        const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('disabled'));
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
      onClick={(event) => {
        if (event.target === ref.current && onClose) onClose();
      }}
      sx={{
        border: 0,
        p: 0,
        width: 'min(100% - 32px, 440px)',
        maxWidth: 'none',
        borderRadius: '20px',
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: '0 24px 60px rgba(0, 0, 0, 0.45)',
        '&::backdrop': { backgroundColor: 'rgba(11, 13, 16, 0.6)', backdropFilter: 'blur(3px)' },
        ...sx,
      }}
    >
      {children}
    </Box>
  );
}
