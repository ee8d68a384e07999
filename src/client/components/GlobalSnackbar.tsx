import CloseIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { COLORS } from '../app/colors.ts';
import { T } from '../lib/texts.ts';
import { useSnackbar } from '../state/snackbar-store.ts';

/**
 * The one notification of the app (spec 01 §3): colour, text and timeout from the store. Its own
 * small element rather than MUI's Snackbar + Alert, which with their transitions are a tenth of the
 * public chat's budget (docs/decisions/012). Dark text on the light status colours (≥ 4.5:1).
 */
export function GlobalSnackbar() {
  const { status, color, text, key, hide } = useSnackbar();

  if (!status) return null;
  return (
    <Box
      key={key}
      role="alert"
      data-testid="snackbar"
      data-severity={color}
      sx={{
        position: 'fixed',
        zIndex: 1400,
        left: '50%',
        bottom: { xs: 16, sm: 24 },
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: 'min(560px, calc(100% - 32px))',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 2,
        pr: 0.75,
        py: 0.75,
        borderRadius: '12px',
        bgcolor: COLORS[color],
        color: COLORS.onLight,
        fontWeight: 500,
        fontSize: '0.9375rem',
        lineHeight: 1.45,
        boxShadow: '0 8px 28px rgba(0, 0, 0, 0.4)',
        '@media (prefers-reduced-motion: no-preference)': {
          animation: 'mika-snackbar-in 160ms ease-out',
          '@keyframes mika-snackbar-in': { from: { opacity: 0, transform: 'translate(-50%, 8px)' } },
        },
      }}
    >
      <Box component="span" sx={{ py: 0.5 }}>
        {text}
      </Box>
      <IconButton size="small" aria-label={T.close} onClick={hide} sx={{ color: 'inherit' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
