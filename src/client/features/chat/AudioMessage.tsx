import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState } from 'react';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';

interface Props {
  url: string;
}

/** An audio answer (type mp3): the browser's player, or the spec's error when the file cannot load. */
export function AudioMessage({ url }: Props) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === url) {
    return (
      <Typography variant="body2" role="alert" sx={{ color: 'error.light' }}>
        {CONVERSATION_MESSAGES.audioLoadFailed}
      </Typography>
    );
  }
  return (
    <Box
      component="audio"
      controls
      preload="metadata"
      src={url}
      aria-label={CHAT_TEXTS.audioLabel}
      onError={() => setFailedUrl(url)}
      sx={{ display: 'block', width: '100%', maxWidth: 340, height: 40 }}
    />
  );
}
