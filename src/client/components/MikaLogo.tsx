import Box from '@mui/material/Box';
import { MikaMark } from './MikaMark.tsx';

/** Mark plus wordmark, as in the headers of the public pages and the side navigation. */
export function MikaLogo({ size = 36 }: { size?: number }) {
  return (
    <Box
      role="img"
      aria-label="Mika"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        userSelect: 'none',
      }}
    >
      <MikaMark size={size} />
      <Box
        component="span"
        aria-hidden="true"
        sx={{ fontWeight: 800, fontSize: size * 0.62, letterSpacing: '-0.03em', lineHeight: 1 }}
      >
        Mika
      </Box>
    </Box>
  );
}
