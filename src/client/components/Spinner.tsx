import Box from '@mui/material/Box';

/**
 * A small busy indicator (decorative: the text beside it says what is happening). CSS only —
 * MUI's CircularProgress is more than the chat needs (docs/decisions/012).
 */
export function Spinner({ size = 18 }: { size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        border: `${Math.max(2, Math.round(size / 9))}px solid currentColor`,
        borderRightColor: 'transparent',
        animation: 'mika-spin 0.8s linear infinite',
        '@keyframes mika-spin': { to: { transform: 'rotate(360deg)' } },
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
      }}
    />
  );
}
