import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useLoaderStore } from '../state/loader-store.ts';

/** The global loading overlay (spec 03 §2), on while the loader flag is set. */
export function GlobalLoader() {
  const status = useLoaderStore((state) => state.status);
  return (
    <Backdrop open={status} sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }} data-testid="global-loader">
      <CircularProgress color="primary" size={48} thickness={4} aria-label="Wird geladen" />
    </Backdrop>
  );
}
