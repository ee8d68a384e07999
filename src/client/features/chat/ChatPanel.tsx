import { Box } from '../../components/ui/Box.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useChatStore } from '../../state/chat-store.ts';
import { threadKey } from '../../state/chat-thread.ts';
import { ChatHeader } from './ChatHeader.tsx';
import { ChatInput } from './ChatInput.tsx';
import { MessageList } from './MessageList.tsx';
import { chatKeys, useCapabilitiesQuery, type ChatAssistant, CHAT_TEXTS } from '../../lib/chat/index.ts';
import type { ChatLive } from './live.ts';
import type { ChatColors } from './chat-colors.ts';
import { resolveSurfaces } from './chat-surfaces.ts';
import { useChatSession } from './use-chat-session.ts';
import type { AnswerSlot, ChatSlot, ChatSlotContext } from '../../components/chat/index.ts';
import { deleteOwnThread } from './delete-thread-api.ts';
import { showSuccess } from '../../state/snackbar-store.ts';

export type { ChatSlot, ChatSlotContext };

export interface ChatPanelProps {
  assistant: ChatAssistant;
  /** Custom colours (the public chat passes the assistant's); the office uses the app theme. */
  colors?: ChatColors;
  /** Panel height in px. */
  height: number;
  /** The live progress channel; without it the status comes from the answer's stream alone. */
  live?: ChatLive;
  /** False until the thread may be created (the public chat waits for the visitor's first interaction). */
  canStartThread?: boolean;
  /** The public, embeddable chat (no account): voice input is always offered there (docs/product/chat-and-voice.md). */
  publicMode?: boolean;
  /** Left of the avatar, e.g. the office's back button. */
  leadingAction?: ReactNode;
  /** Slot in the header before the reset button, e.g. the "kann sprechen" switch. */
  headerActions?: ChatSlot;
  /** At the far end of the header, after the reset button (the embed's close button). */
  trailingAction?: ReactNode;
  /** Slot in the input bar before the send button, e.g. the voice input button. */
  inputAdornment?: ChatSlot;
  /** Under every stored message, e.g. the thumbs under an answer. */
  answerActions?: AnswerSlot;
}

/**
 * The chat (docs/product/chat-and-voice.md): header, conversation and input. Reused by the office's chat view and the
 * public chat page; everything that differs comes in through props.
 */
export function ChatPanel(props: ChatPanelProps) {
  const { assistant, colors, height, live, publicMode = false, canStartThread = true, leadingAction, trailingAction, headerActions, inputAdornment, answerActions } = props;
  const session = useChatSession(assistant.uuid, { publicMode, live: live?.subscribe, canStartThread });
  const capabilities = useCapabilitiesQuery();
  const queryClient = useQueryClient();
  const surfaces = resolveSurfaces(colors);
  // The thread at the moment of a slot's call: a slot may have started it after this render.
  const currentThreadId = () => useChatStore.getState().threads[threadKey({ assistantUuid: assistant.uuid, publicMode })]?.id;
  const slotContext: ChatSlotContext = {
    assistantUuid: assistant.uuid,
    publicMode,
    thread: session.thread,
    status: session.status,
    messages: session.messages,
    send: session.send,
    startThread: session.startThread,
    refreshMessages: () => {
      const threadId = currentThreadId();
      if (threadId !== undefined) void queryClient.invalidateQueries({ queryKey: chatKeys.messages(assistant.uuid, threadId) });
    },
    setStatus: (status, msg) => {
      const threadId = currentThreadId();
      if (threadId !== undefined) useChatStore.getState().setThreadStatus(threadId, status, msg);
    },
  };
  const fill = (slot: ChatSlot | undefined) => (typeof slot === 'function' ? slot(slotContext) : slot);

  return (
    <Box
      data-testid="chat-panel"
      data-public={publicMode || undefined}
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: publicMode ? 0 : { xs: '14px', sm: '18px' },
        border: publicMode ? 'none' : `1px solid ${surfaces.border}`,
        bgcolor: surfaces.conversation.bg,
        boxShadow: publicMode ? 'none' : '0 12px 40px rgba(0, 0, 0, 0.28)',
      }}
    >
      <ChatHeader
        assistant={assistant}
        surfaces={surfaces}
        offline={capabilities.data?.offline === true}
        onReset={session.reset}
        resetDisabled={!session.thread}
        onDelete={
          publicMode
            ? async () => {
                if (!session.thread) return;
                showSuccess(await deleteOwnThread(assistant.uuid, session.thread));
                session.reset();
              }
            : undefined
        }
        leadingAction={leadingAction}
        indicator={live?.indicator}
        actions={fill(headerActions)}
        trailing={trailingAction}
      />
      <MessageList
        assistant={assistant}
        thread={session.thread}
        messages={session.messages}
        loading={session.loading}
        failed={session.failed}
        failedReason={session.failedReason}
        onRetry={session.retry}
        status={session.status}
        statusMsg={session.statusMsg}
        streamingText={session.streamingText}
        notice={session.notice}
        surfaces={surfaces}
        answerActions={answerActions ? (message) => answerActions(message, slotContext) : undefined}
        onContinue={session.canSend ? () => void session.send(CHAT_TEXTS.continuePrompt) : undefined}
      />
      <ChatInput
        assistantName={assistant.name}
        ready={session.canSend}
        preparing={!session.failed && (session.loading || session.thread === undefined)}
        onSend={session.send}
        surfaces={surfaces}
        adornment={fill(inputAdornment)}
      />
    </Box>
  );
}
