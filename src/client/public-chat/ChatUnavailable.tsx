import { ChatOffIcon } from '../components/ui/icons/ChatOffIcon.ts';
import { Button } from '../components/ui/Button.ts';
import { Box } from '../components/ui/Box.ts';
import { Typography } from '../components/ui/Typography.ts';
import { COLORS, translucent } from '../lib/theme-tokens.ts';
import { PUBLIC_CHAT_TEXTS } from './texts.ts';

interface Props {
  /** 'missing': 404 (unknown or unpublished); 'failed': the request itself failed. */
  reason: 'missing' | 'failed';
  onRetry?: () => void;
}

/** A friendly full page instead of the chat. */
export function ChatUnavailable({ reason, onRetry }: Props) {
  const missing = reason === 'missing';
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}>
      <Box data-testid="public-chat-unavailable" sx={{ maxWidth: 420, textAlign: 'center' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            mx: 'auto',
            mb: 2.5,
            borderRadius: '18px',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: translucent(COLORS.primary, 0.14),
          }}
        >
          <ChatOffIcon size={32} />
        </Box>
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
          {missing ? PUBLIC_CHAT_TEXTS.unavailableTitle : PUBLIC_CHAT_TEXTS.loadFailedTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: onRetry ? 3 : 0 }}>{missing ? PUBLIC_CHAT_TEXTS.unavailableText : PUBLIC_CHAT_TEXTS.loadFailedText}</Typography>
        {onRetry && (
          <Button variant="contained" onClick={onRetry}>
            {PUBLIC_CHAT_TEXTS.retry}
          </Button>
        )}
      </Box>
    </Box>
  );
}
