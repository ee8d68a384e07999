import type { CSSProperties } from 'react';
import { COMMON_TEXTS } from '../lib/texts.ts';
import { LightAlert } from './ui/LightAlert.tsx';

interface Props {
  /** The failed query (TanStack Query): "Erneut versuchen" fetches it again. */
  query: { refetch: () => unknown };
  /** What could not be loaded, in German. */
  text: string;
  style?: CSSProperties;
}

/** A screen or card whose data did not load: the message and "Erneut versuchen" — one look everywhere. */
export function LoadFailed({ query, text, style }: Props) {
  return (
    <LightAlert
      severity="error"
      style={style}
      action={
        <button type="button" className="btn text small" onClick={() => void query.refetch()}>
          {COMMON_TEXTS.retry}
        </button>
      }
    >
      {text}
    </LightAlert>
  );
}
