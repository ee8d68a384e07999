import { VerifiedUserIcon } from '../components/ui/icons/VerifiedUserIcon.ts';
import { Button } from '../components/ui/Button.ts';
import { Box } from '../components/ui/Box.ts';
import { Typography } from '../components/ui/Typography.ts';
import { translucent } from '../lib/theme-tokens.ts';
import { useRef } from 'react';
import { ModalDialog } from '../components/ui/ModalDialog.tsx';
import type { ChatSurfaces } from '../features/chat/chat-surfaces.ts';
import { PUBLIC_CHAT_TEXTS } from './texts.ts';

interface Props {
  surfaces: ChatSurfaces;
  onApprove: () => void;
}

/** docs/product/public-chat-and-embed.md: the terms-approval overlay over the chat; a link to the public terms and one button. */
export function TermsOverlay({ surfaces, onApprove }: Props) {
  // The focus starts on the title, not on the button: a visitor who starts typing at once must not
  // accept the terms with a space (and a screen reader reads the title and the terms first).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const card = surfaces.header;
  // A modal the visitor leaves only by accepting (no Escape, no backdrop click): the chat needs the terms.
  return (
    <ModalDialog
      open
      labelledBy="terms-title"
      describedBy="terms-text"
      initialFocus={titleRef}
      sx={{ maxWidth: 400, bgcolor: card.bg, color: card.fg, border: `1px solid ${translucent(card.fg, 0.12)}`, textAlign: 'center' }}
    >
      <Box sx={{ p: { xs: 3, sm: 3.5 } }}>
        <Box
          sx={{
            width: 52,
            height: 52,
            mx: 'auto',
            mb: 2,
            borderRadius: '16px',
            display: 'grid',
            placeItems: 'center',
            bgcolor: translucent(card.fg, 0.08),
          }}
        >
          <VerifiedUserIcon />
        </Box>
        <Typography ref={titleRef} tabIndex={-1} data-initial-focus id="terms-title" variant="h6" component="h2" sx={{ mb: 1, fontWeight: 700, outline: 'none' }}>
          {PUBLIC_CHAT_TEXTS.termsTitle}
        </Typography>
        <Typography id="terms-text" variant="body2" sx={{ mb: 3, lineHeight: 1.65, color: translucent(card.fg, 0.8) }}>
          {PUBLIC_CHAT_TEXTS.termsText}{' '}
          <Box component="a" href="/agb-public" target="_blank" rel="noopener" sx={{ color: 'inherit', fontWeight: 600, textDecorationColor: translucent(card.fg, 0.5) }}>
            {PUBLIC_CHAT_TEXTS.termsLink}
          </Box>{' '}
          {PUBLIC_CHAT_TEXTS.termsTextEnd}
        </Typography>
        <Button
          disableFocusRipple
          fullWidth
          size="large"
          variant="contained"
          onClick={onApprove}
          sx={{
            background: surfaces.button.bg,
            color: surfaces.button.fg,
            border: `1px solid ${translucent(card.fg, 0.16)}`,
            boxShadow: 'none',
            '&:hover': { background: surfaces.button.bg, opacity: 0.92, boxShadow: 'none' },
          }}
        >
          {PUBLIC_CHAT_TEXTS.termsAccept}
        </Button>
      </Box>
    </ModalDialog>
  );
}
