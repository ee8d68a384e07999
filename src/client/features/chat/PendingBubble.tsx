import { Box } from '../../components/ui/Box.ts';
import { BLINK_KEYFRAMES, BOUNCE_KEYFRAMES } from '../../components/ui/styles.ts';
import type { ChatStatus } from '../../../shared/events.ts';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { Bubble } from './MessageBubble.tsx';
import type { ChatSurfaces } from './chat-surfaces.ts';
import { CHAT_TEXTS, type ChatAssistant } from '../../lib/chat/index.ts';

function TypingDots() {
  return (
    <Box component="span" aria-hidden sx={{ display: 'inline-flex', gap: '4px', alignItems: 'center', height: 16 }}>
      {[0, 1, 2].map((i) => (
        <Box
          key={i}
          component="span"
          sx={{
            ...BOUNCE_KEYFRAMES,
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: 'currentColor',
            animation: `mika-bounce 1.2s ease-in-out ${i * 0.16}s infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.7 },
          }}
        />
      ))}
    </Box>
  );
}

interface Props {
  status: ChatStatus;
  msg: string;
  streamingText: string;
  surfaces: ChatSurfaces;
  assistant: Pick<ChatAssistant, 'name' | 'type' | 'image'>;
}

/**
 * What the assistant is doing (docs/product/chat-and-voice.md): at start-ai the thinking expression with an animated
 * indicator, at request-ai the answer as it arrives.
 */
export function PendingBubble({ status, msg, streamingText, surfaces, assistant }: Props) {
  if (status !== 'start-ai' && status !== 'request-ai' && status !== 'pending-user') return null;
  if (streamingText) {
    return (
      <Bubble origin="ai" surfaces={surfaces} assistant={assistant} testId="streaming-answer">
        <Box
          sx={{
            ...BLINK_KEYFRAMES,
            '& .markdown > p:last-child::after, & .markdown > ul:last-child > li:last-child::after, & .markdown > ol:last-child > li:last-child::after': {
              content: '""',
              display: 'inline-block',
              width: '0.5em',
              height: '1em',
              ml: '2px',
              verticalAlign: '-0.15em',
              bgcolor: 'currentColor',
              opacity: 0.6,
              animation: 'mika-blink 1s step-end infinite',
            },
          }}
        >
          <Markdown streaming>{streamingText}</Markdown>
        </Box>
      </Bubble>
    );
  }
  // pending-user: the user's voice message is being transcribed — their side of the conversation.
  const fromUser = status === 'pending-user';
  const text = msg || (fromUser ? CHAT_TEXTS.transcribing : CONVERSATION_MESSAGES.progressPreparing);
  return (
    <Bubble origin={fromUser ? 'user' : 'ai'} surfaces={surfaces} assistant={assistant} testId="pending-answer">
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <TypingDots />
        <Box component="span" sx={{ opacity: 0.8, fontStyle: 'italic' }}>
          {text}
        </Box>
      </Box>
    </Bubble>
  );
}
