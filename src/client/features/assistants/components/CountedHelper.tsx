import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface Props {
  /** The error, or the hint when there is none. */
  text?: ReactNode;
  length: number;
  min: number;
}

/** Helper text with a live "n / min" counter on the right (green once the minimum is reached). */
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
        {length} / {min}
      </Box>
    </Box>
  );
}
