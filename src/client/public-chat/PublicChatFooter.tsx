import { Box } from '../components/ui/Box.ts';
import { translucent } from '../lib/theme-tokens.ts';
import type { ChatSurfaces } from '../features/chat/chat-surfaces.ts';
import { PUBLIC_CHAT_TEXTS } from './texts.ts';

interface Props {
  surfaces: ChatSurfaces;
  height: number;
}

/** Under the input bar, in its colour: the AI notice, the public terms and the product. */
export function PublicChatFooter({ surfaces, height }: Props) {
  const { bg, fg } = surfaces.input;
  return (
    <Box
      component="footer"
      sx={{
        height,
        px: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        bgcolor: bg,
        color: translucent(fg, 0.62),
        fontSize: '0.75rem',
        textAlign: 'center',
        lineHeight: 1.4,
      }}
    >
      <Box component="span">{PUBLIC_CHAT_TEXTS.footerDisclaimer}</Box>
      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Box component="a" href="/agb-public" target="_blank" rel="noopener" sx={{ color: 'inherit', textDecorationColor: translucent(fg, 0.35) }}>
          {PUBLIC_CHAT_TEXTS.footerTerms}
        </Box>
        <Box component="span" aria-hidden>
          ·
        </Box>
        <Box component="span">{PUBLIC_CHAT_TEXTS.footerBrand}</Box>
      </Box>
    </Box>
  );
}
