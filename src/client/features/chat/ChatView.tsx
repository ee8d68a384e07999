import { COLORS, translucent } from '../../lib/theme-tokens.ts';
import { ArrowBackIcon } from '../../components/ui/icons/ArrowBackIcon.ts';
import { ChatOffIcon } from '../../components/ui/icons/ChatOffIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useAssistantView } from '../../lib/assistant-view.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentUser } from '../../state/user-store.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { useChatAssistantQuery, type ChatAssistant, CHAT_TEXTS } from '../../lib/chat/index.ts';
import type { AnswerSlot, ChatSlot } from '../../components/chat/index.ts';
import { LiveStatusDot } from './LiveStatusDot.tsx';
import { subscribeToThread } from '../../lib/live-channel.ts';
import type { ChatLive } from './live.ts';
import { useFillHeight } from './use-chat-height.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { PHONE_SCREEN, useMediaQuery } from '../../lib/use-media-query.ts';

/** The office's padding under its content (Container py: 3 on phones, 5 from sm). */
const OFFICE_BOTTOM_PADDING = { phone: 24, wide: 40 };

/** The office follows the thread's progress over the live channel and shows its state. */
const officeLive: ChatLive = { subscribe: subscribeToThread, indicator: <LiveStatusDot /> };

/** Fills the panel's slots (the app hands in the voice feature's: voice input, "kann sprechen"). */
export type UseChatSlots = (
  assistant: ChatAssistant | undefined,
  opts: { publicMode: boolean; protectionLevel?: number },
) => { headerActions?: ChatSlot; inputAdornment?: ChatSlot; answerActions?: AnswerSlot };

interface ChatViewProps {
  assistantUuid: string;
  useSlots: UseChatSlots;
}

/** The office's chat with one assistant (/?view=chat&assistant=<uuid>). */
export default function ChatView({ assistantUuid, useSlots }: ChatViewProps) {
  const { open } = useAssistantView();
  const query = useChatAssistantQuery(assistantUuid);
  const phone = useMediaQuery(PHONE_SCREEN);
  const { ref, height } = useFillHeight(phone ? OFFICE_BOTTOM_PADDING.phone : OFFICE_BOTTOM_PADDING.wide);
  const assistant = query.data;
  useDocumentTitle(assistant?.name);
  const user = useCurrentUser();
  const voice = useSlots(assistant, { publicMode: false, protectionLevel: user?.protectionLevel });

  const back = (
    <Hint title={CHAT_TEXTS.backToLibrary} placement="right">
      <IconButton aria-label={CHAT_TEXTS.backToLibrary} onClick={() => open('list')} color="inherit" edge="start" sx={{ ml: { xs: 0, sm: -0.5 } }}>
        <ArrowBackIcon />
      </IconButton>
    </Hint>
  );

  if (query.isPending) {
    return (
      <Box ref={ref} sx={{ height, display: 'grid', placeItems: 'center' }} aria-busy>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
          <CircularProgress size={22} color="inherit" />
          <Typography>{CHAT_TEXTS.assistantLoading}</Typography>
        </Box>
      </Box>
    );
  }

  if (!assistant) {
    // 403/404: the global snackbar has said why; this says what to do.
    return (
      <Card sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="chat-unavailable">
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
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {CHAT_TEXTS.assistantUnavailableTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 480, mx: 'auto', mb: 3 }}>{CHAT_TEXTS.assistantUnavailableText}</Typography>
        <Button variant="contained" startIcon={<ArrowBackIcon />} onClick={() => open('list')}>
          {CHAT_TEXTS.backToLibrary}
        </Button>
      </Card>
    );
  }

  return (
    <div ref={ref}>
      <ChatPanel
      key={assistant.uuid}
      assistant={assistant}
      height={height}
      live={officeLive}
      leadingAction={back}
      headerActions={voice.headerActions}
      inputAdornment={voice.inputAdornment}
      answerActions={voice.answerActions}
      />
    </div>
  );
}
