import { ErrorOutlineIcon } from '../../components/ui/icons/ErrorOutlineIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { ReactNode } from 'react';
import type { ChatStatus } from '../../../shared/events.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { Markdown } from '../../components/Markdown.tsx';
import type { ThreadEntry } from '../../state/chat-store.ts';
import { Bubble, MessageBubble } from './MessageBubble.tsx';
import { PendingBubble } from './PendingBubble.tsx';
import type { ChatAssistant } from '../../lib/chat/index.ts';
import type { ChatSurfaces } from './chat-surfaces.ts';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';
import { useAutoScroll } from './use-auto-scroll.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';

interface Props {
  assistant: ChatAssistant;
  thread: ThreadEntry | undefined;
  messages: ChatMessage[];
  loading: boolean;
  failed: boolean;
  /** Said after «Die Unterhaltung konnte nicht gestartet werden.» (e.g. a visitor limit's notice). */
  failedReason?: string | null;
  onRetry: () => void;
  status: ChatStatus;
  statusMsg: string;
  streamingText: string;
  notice: string | null;
  surfaces: ChatSurfaces;
  /** Continues an interrupted last answer (when sending is possible). */
  onContinue?: () => void;
  /** Under each stored message (the answer slot of the panel). */
  answerActions?: (message: ChatMessage) => ReactNode;
}

/** The conversation: the intro (not stored) first, then the messages, the pending answer and notices. */
export function MessageList(props: Props) {
  const { assistant, thread, messages, loading, failed, failedReason, onRetry, status, statusMsg, streamingText, notice, surfaces } = props;
  const busy = status === 'start-ai' || status === 'request-ai';
  const scroller = useAutoScroll<HTMLDivElement>(`${thread?.id}:${messages.length}:${busy}:${notice ?? ''}:${loading}`, streamingText);

  return (
    <Box
      ref={scroller}
      role="log"
      // A scrollable region is reachable by keyboard (arrow keys scroll it).
      tabIndex={0}
      aria-label={`Unterhaltung mit ${assistant.name}`}
      aria-busy={busy}
      data-testid="chat-log"
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        bgcolor: surfaces.conversation.bg,
        color: surfaces.conversation.fg,
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 3 },
      }}
    >
      <Box sx={{ maxWidth: 860, mx: 'auto', display: 'flex', flexDirection: 'column', gap: { xs: 1.75, sm: 2.25 } }}>
        {assistant.intro.trim() && (
          <Bubble origin="ai" surfaces={surfaces} assistant={assistant} testId="chat-intro">
            <Markdown>{assistant.intro}</Markdown>
          </Bubble>
        )}

        {loading && (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.25, py: 3, color: surfaces.muted }}>
            <Spinner size={18} />
            <Typography variant="body2">{CHAT_TEXTS.loadingConversation}</Typography>
          </Box>
        )}

        {failed && (
          <Box
            role="alert"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', columnGap: 1.5, rowGap: 0.5, px: 2, py: 1, borderRadius: '12px', border: '1px solid', borderColor: 'error.main', color: 'inherit' }}
          >
            {/* A reason makes the text long: on a phone the button then goes below it. */}
            <Box component="span" sx={{ flex: '1 1 16rem' }}>
              {CHAT_TEXTS.threadFailed}
              {failedReason ? ` ${failedReason}` : null}
            </Box>
            <Button color="inherit" size="small" onClick={onRetry}>
              {CHAT_TEXTS.retry}
            </Button>
          </Box>
        )}

        {thread &&
          messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              surfaces={surfaces}
              assistant={assistant}
              thread={thread}
              onContinue={message === messages.at(-1) && message.origin === 'ai' ? props.onContinue : undefined}
              actions={props.answerActions?.(message)}
            />
          ))}

        <PendingBubble status={status} msg={statusMsg} streamingText={streamingText} surfaces={surfaces} assistant={assistant} />

        {notice && (
          <Box
            role="alert"
            data-testid="chat-notice"
            sx={{
              alignSelf: 'center',
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              maxWidth: 560,
              px: 1.75,
              py: 1,
              borderRadius: '12px',
              fontSize: '0.875rem',
              color: '#FFB4A1',
              bgcolor: 'rgba(236, 91, 44, 0.12)',
              border: '1px solid rgba(236, 91, 44, 0.35)',
            }}
          >
            <ErrorOutlineIcon size="small" />
            {notice}
          </Box>
        )}
      </Box>
    </Box>
  );
}
