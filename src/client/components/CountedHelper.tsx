import { Box } from './ui/Box.ts';
import type { ReactNode } from 'react';

interface Props {
  /** The error, or the hint when there is none. */
  text?: ReactNode;
  length: number;
  min: number;
}

/** The one counter style of the product: "314 Zeichen · mindestens 250" never reads as an overrun. */
export const countLabel = (length: number, bound: { min?: number; max?: number }) =>
  `${length} Zeichen · ${bound.min !== undefined ? `mindestens ${bound.min}` : `höchstens ${bound.max ?? 0}`}`;

/** Helper text with a live counter on the right (green once the minimum is reached). */
export function CountedHelper({ text, length, min }: Props) {
  const reached = length >= min;
  return (
    <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
      <span>{text}</span>
      <Box
        component="span"
        aria-live="polite"
        sx={{
          flexShrink: 0,
          fontVariantNumeric: 'tabular-nums',
          fontWeight: 600,
          color: reached ? 'success.main' : 'inherit',
        }}
      >
        {countLabel(length, { min })}
      </Box>
    </Box>
  );
}
