import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { useSnackbarStore } from '../state/snackbar-store.ts';

/** The one notification of the app (spec 01 §3): colour, text and timeout from the store. */
export function GlobalSnackbar() {
  const { status, color, text, timeout, key, hide } = useSnackbarStore();

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    hide();
  };

  return (
    <Snackbar
      key={key}
      open={status}
      autoHideDuration={timeout}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 16, sm: 24 } }}
    >
      <Alert
        onClose={() => hide()}
        severity={color}
        variant="filled"
        data-testid="snackbar"
        sx={{ width: '100%', maxWidth: 560, boxShadow: 6, fontWeight: 500 }}
      >
        {text}
      </Alert>
    </Snackbar>
  );
}
