import GavelIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import type { ChatSurfaces } from '../features/chat/chat-surfaces.ts';
import { PT } from './texts.ts';

interface Props {
  surfaces: ChatSurfaces;
  onApprove: () => void;
}

/** Spec 01 §2: the terms-approval overlay over the chat; a link to the public terms and one button. */
export function TermsOverlay({ surfaces, onApprove }: Props) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => buttonRef.current?.focus(), []);
  const card = surfaces.header;
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="terms-title"
      aria-describedby="terms-text"
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 10,
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: alpha('#0B0D10', 0.55),
        backdropFilter: 'blur(3px)',
      }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: 400,
          p: { xs: 3, sm: 3.5 },
          borderRadius: '20px',
          bgcolor: card.bg,
          color: card.fg,
          border: `1px solid ${alpha(card.fg, 0.12)}`,
          boxShadow: '0 24px 60px rgba(0, 0, 0, 0.35)',
          textAlign: 'center',
        }}
      >
        <Box
          sx={{
            width: 52,
            height: 52,
            mx: 'auto',
            mb: 2,
            borderRadius: '16px',
            display: 'grid',
            placeItems: 'center',
            bgcolor: alpha(card.fg, 0.08),
          }}
        >
          <GavelIcon aria-hidden />
        </Box>
        <Typography id="terms-title" variant="h6" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
          {PT.termsTitle}
        </Typography>
        <Typography id="terms-text" variant="body2" sx={{ mb: 3, lineHeight: 1.65, color: alpha(card.fg, 0.8) }}>
          {PT.termsText}{' '}
          <Link href="/agb-public" target="_blank" rel="noopener" sx={{ color: 'inherit', fontWeight: 600, textDecorationColor: alpha(card.fg, 0.5) }}>
            {PT.termsLink}
          </Link>{' '}
          {PT.termsTextEnd}
        </Typography>
        <Button
          ref={buttonRef}
          disableFocusRipple
          fullWidth
          size="large"
          variant="contained"
          onClick={onApprove}
          sx={{
            background: surfaces.button.bg,
            color: surfaces.button.fg,
            border: `1px solid ${alpha(card.fg, 0.16)}`,
            boxShadow: 'none',
            '&:hover': { background: surfaces.button.bg, opacity: 0.92, boxShadow: 'none' },
          }}
        >
          {PT.termsAccept}
        </Button>
      </Box>
    </Box>
  );
}
