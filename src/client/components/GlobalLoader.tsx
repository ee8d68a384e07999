import { useLoaderStore } from '../state/loader-store.ts';
import { Spinner } from './ui/Spinner.tsx';

/** The global loading overlay (docs/product/README.md), on while the loader flag is set. */
export function GlobalLoader() {
  const status = useLoaderStore((state) => state.status);
  if (!status) return null;
  return (
    <div className="global-loader" data-testid="global-loader">
      <span role="progressbar" aria-label="Wird geladen">
        <Spinner size={48} />
      </span>
    </div>
  );
}
