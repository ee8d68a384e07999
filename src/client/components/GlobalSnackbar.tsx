import { useLayoutEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import './light.css';
import { COMMON_TEXTS } from '../lib/texts.ts';
import { useSnackbar } from '../state/snackbar-store.ts';
import { CloseIcon } from './ui/icons/CloseIcon.ts';

/**
 * The one notification of the app (docs/product/README.md): colour, text and timeout from the store. Its own
 * small element with static styles (components/light.css) rather than MUI's Snackbar + Alert
 * (docs/decisions/012, 026). Dark text on the light status colours (≥ 4.5:1).
 *
 * Each message is rendered into its own element appended to `<body>` as it appears: an open dialog
 * marks every other child of `<body>` (the app's root among them) `aria-hidden`, and a message
 * inside the app's tree — the reason an upload in that dialog was refused — was never announced.
 */
export function GlobalSnackbar() {
  const { status, color, text, key, hide } = useSnackbar();
  // A fresh host per message, so one shown while a dialog is open comes after the dialog's marking.
  const host = useMemo(() => {
    if (!status) return null;
    const element = document.createElement('div');
    element.dataset.message = String(key);
    return element;
  }, [status, key]);
  useLayoutEffect(() => {
    if (!host) return;
    document.body.appendChild(host);
    return () => host.remove();
  }, [host]);

  if (!host) return null;
  return createPortal(
    <div role="alert" data-testid="snackbar" data-severity={color} className="snackbar">
      <span>{text}</span>
      <button type="button" className="icon-btn small" aria-label={COMMON_TEXTS.close} onClick={hide}>
        <CloseIcon size="small" />
      </button>
    </div>,
    host,
  );
}
