import { InfoIcon } from '../../components/ui/icons/InfoIcon.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { ReactNode } from 'react';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { AssistantAvatar } from '../../components/AssistantAvatar.tsx';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { AnswerSources, DocumentMessage } from '../../components/chat/index.ts';
import { AudioMessage } from './AudioMessage.tsx';
import { ContactFormMessage } from './ContactFormMessage.tsx';
import { fileUrl, CHAT_TEXTS, type ChatAssistant } from '../../lib/chat/index.ts';
import type { ChatSurfaces } from './chat-surfaces.ts';

interface BubbleProps {
  origin: 'user' | 'ai';
  surfaces: ChatSurfaces;
  assistant: Pick<ChatAssistant, 'name' | 'type' | 'image'>;
  children: ReactNode;
  /** A small line under the bubble (e.g. "Antwort unterbrochen"). */
  note?: ReactNode;
  testId?: string;
  /** A person of the team wrote it (live hand-off): their initials instead of the assistant's avatar. */
  person?: string;
}

/** One bubble: the assistant's on the left with its avatar, the user's on the right. */
export function Bubble({ origin, surfaces, assistant, children, note, testId, person }: BubbleProps) {
  const isUser = origin === 'user';
  const surface = isUser ? surfaces.userBubble : surfaces.aiBubble;
  return (
    <Box
      data-testid={testId}
      data-origin={origin}
      sx={{
        display: 'flex',
        justifyContent: isUser ? 'flex-end' : 'flex-start',
        alignItems: 'flex-end',
        gap: 1.25,
      }}
    >
      {!isUser && (person !== undefined ? <Avatar name={person} tone="neutral" size={32} /> : <AssistantAvatar assistant={assistant} size={32} />)}
      <Box
        sx={{
          // Phones: the assistant's answers take the whole width next to the avatar.
          maxWidth: isUser ? { xs: '86%', sm: '78%' } : { xs: 'calc(100% - 42px)', sm: '82%' },
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: isUser ? 'flex-end' : 'flex-start',
        }}
      >
        <Box
          sx={{
            px: { xs: 1.75, sm: 2 },
            py: 1.25,
            background: surface.bg,
            color: surface.fg,
            borderRadius: '18px',
            [isUser ? 'borderBottomRightRadius' : 'borderBottomLeftRadius']: '6px',
            boxShadow: isUser ? surfaces.userBubbleShadow : 'none',
            border: isUser ? 'none' : `1px solid ${surfaces.border}`,
            fontSize: '0.9375rem',
            lineHeight: 1.6,
            minWidth: 0,
            maxWidth: '100%',
          }}
        >
          {children}
        </Box>
        {note && (
          <Typography
            variant="caption"
            sx={{ mt: 0.5, px: 0.5, color: surfaces.muted, display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            {note}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  surfaces: ChatSurfaces;
  assistant: Pick<ChatAssistant, 'uuid' | 'name' | 'type' | 'image'>;
  thread: { id: number; token: string };
  /** Offered on an interrupted answer: asks the assistant to go on where it stopped. */
  onContinue?: () => void;
  /** Under a finished message (e.g. the thumbs under an answer). */
  actions?: ReactNode;
}

/** A stored message by type (docs/product/chat-and-voice.md): text, audio answer, document answer or contact form. */
export function MessageBubble({ message, surfaces, assistant, thread, onContinue, actions }: MessageBubbleProps) {
  const note =
    message.status === 'partial' ? (
      <>
        <InfoIcon size={14} />
        {CHAT_TEXTS.partial}
        {onContinue && (
          <Box
            component="button"
            type="button"
            onClick={onContinue}
            sx={{ ml: 0.5, p: 0, border: 0, bgcolor: 'transparent', color: 'inherit', font: 'inherit', textDecoration: 'underline', cursor: 'pointer' }}
          >
            {CHAT_TEXTS.continueAnswer}
          </Box>
        )}
      </>
    ) : message.status === 'streaming' ? (
      <>
        <Spinner size={12} />
        {CHAT_TEXTS.streamingNote}
      </>
    ) : message.origin === 'staff' ? (
      // Live hand-off: a person of the team wrote this, named as the visitor sees them.
      <span data-testid="staff-name">{CHAT_TEXTS.staffAuthor(message.name ?? '')}</span>
    ) : (actions ?? undefined);
  return (
    <Bubble
      origin={message.origin === 'user' ? 'user' : 'ai'}
      surfaces={surfaces}
      assistant={assistant}
      note={note}
      testId="chat-message"
      {...(message.origin === 'staff' ? { person: message.name ?? '' } : {})}
    >
      <MessageContent message={message} assistant={assistant} thread={thread} />
    </Bubble>
  );
}

function MessageContent({ message, assistant, thread }: Omit<MessageBubbleProps, 'surfaces' | 'actions'>) {
  const text = message.text.trim();
  const body =
    message.origin !== 'ai' ? (
      <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Box>
    ) : (
      <Markdown>{message.text}</Markdown>
    );
  switch (message.type) {
    case 'mp3':
      return (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {message.audio && (
            <AudioMessage url={fileUrl('audio', assistant.uuid, message.audio, thread.token)} />
          )}
          {text && body}
          {message.sources?.length ? <AnswerSources sources={message.sources} /> : null}
        </Box>
      );
    case 'doc':
      return (
        <Box sx={{ display: 'grid', gap: 1.25 }}>
          {text && body}
          {message.document && (
            <DocumentMessage
              url={fileUrl('document', assistant.uuid, message.document, thread.token)}
              fileName={message.document}
            />
          )}
        </Box>
      );
    case 'form':
      return (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {text && message.status !== 'submitted' && body}
          <ContactFormMessage
            assistantUuid={assistant.uuid}
            threadId={thread.id}
            token={thread.token}
            submitted={message.status === 'submitted'}
          />
        </Box>
      );
    default:
      return message.sources?.length ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {body}
          <AnswerSources sources={message.sources} />
        </Box>
      ) : (
        body
      );
  }
}
