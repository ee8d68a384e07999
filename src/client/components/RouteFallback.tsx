import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { T } from '../lib/texts.ts';

/** Shown while a code-split screen loads. */
export function RouteFallback({ minHeight = '100vh' }: { minHeight?: string | number }) {
  return (
    <Box sx={{ minHeight, display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={36} aria-label={T.loading} />
    </Box>
  );
}
