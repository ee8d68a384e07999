import { COMMON_TEXTS } from '../lib/texts.ts';
import { Spinner } from './ui/Spinner.tsx';

/** Shown while a code-split screen loads. */
export function RouteFallback({ minHeight = '100vh' }: { minHeight?: string | number }) {
  return (
    <div className="fallback" style={{ minHeight }}>
      <span role="progressbar" aria-label={COMMON_TEXTS.loading}>
        <Spinner size={36} />
      </span>
    </div>
  );
}
