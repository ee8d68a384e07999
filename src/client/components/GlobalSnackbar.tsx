import './light.css';
import { COMMON_TEXTS } from '../lib/texts.ts';
import { useSnackbar } from '../state/snackbar-store.ts';
import { CloseIcon } from './ui/icons/CloseIcon.ts';

/**
 * The one notification of the app (docs/product/README.md): colour, text and timeout from the store. Its own
 * small element with static styles (components/light.css) rather than MUI's Snackbar + Alert
 * (docs/decisions/012, 026). Dark text on the light status colours (≥ 4.5:1).
 */
export function GlobalSnackbar() {
  const { status, color, text, key, hide } = useSnackbar();

  if (!status) return null;
  return (
    <div key={key} role="alert" data-testid="snackbar" data-severity={color} className="snackbar">
      <span>{text}</span>
      <button type="button" className="icon-btn small" aria-label={COMMON_TEXTS.close} onClick={hide}>
        <CloseIcon size="small" />
      </button>
    </div>
  );
}
