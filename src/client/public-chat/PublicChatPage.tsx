import { CloseIcon } from '../components/ui/icons/CloseIcon.ts';
import { IconButton } from '../components/ui/IconButton.ts';
import { Box } from '../components/ui/Box.ts';
import { Typography } from '../components/ui/Typography.ts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { ZAssistantPublic } from '../../shared/schemas/assistants.ts';
import type { z } from '../../shared/zod.ts';
import { ChatPanel } from '../features/chat/ChatPanel.tsx';
import { resolveSurfaces } from '../features/chat/chat-surfaces.ts';
import { chatHeight, useWindowHeight } from '../features/chat/use-chat-height.ts';
import { api, ApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ChatUnavailable } from './ChatUnavailable.tsx';
import { PublicChatFooter } from './PublicChatFooter.tsx';
import { TermsOverlay } from './TermsOverlay.tsx';
import { useEmbedBridge, type HostMessage } from './embed-bridge.ts';
import { publicChatColors } from './luminance.ts';
import { usePublicChatSlots } from './public-chat-slots.tsx';
import { visitorLive } from './visitor-live.tsx';
import { useInteracted } from './first-interaction.ts';
import { useTermsApproval } from './terms-approval.ts';
import { PUBLIC_CHAT_TEXTS } from './texts.ts';
import { Hint } from '../components/ui/Hint.tsx';
import { Spinner } from '../components/ui/Spinner.tsx';

export type PublicAssistant = z.infer<typeof ZAssistantPublic>;

/** The footer under the chat: the spec's "window height minus 80" leaves exactly its room. */
export const FOOTER_HEIGHT = 80;

/** /chat/{uuid} → the uuid (the page has no router). */
export function assistantUuidFromPath(pathname: string): string {
  const match = /^\/chat\/([^/?#]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

function usePublicAssistant(uuid: string) {
  return useQuery({
    queryKey: ['public-chat', 'assistant', uuid],
    enabled: uuid !== '',
    queryFn: () => api.get<PublicAssistant>(`/api/assistant/${encodeURIComponent(uuid)}`, { snackbar: false }),
    staleTime: Infinity,
  });
}

/** Opened from the embed: focus where the visitor continues — an open dialog's start (the terms' title), else the input. */
const focusInput = () =>
  (
    document.querySelector<HTMLElement>('dialog[open] [data-initial-focus]') ??
    document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Nachricht"]')
  )?.focus();
const pauseAudio = () => document.querySelectorAll('audio').forEach((audio) => audio.pause());

/** The public chat page (docs/product/public-chat-and-embed.md): the assistant's colours, its logo, the terms overlay. */
export function PublicChatPage() {
  const uuid = useMemo(() => assistantUuidFromPath(window.location.pathname), []);
  const query = usePublicAssistant(uuid);
  const terms = useTermsApproval();
  const interacted = useInteracted();
  const windowHeight = useWindowHeight();
  const onHostMessage = useCallback((message: HostMessage) => {
    if (message.type === 'mika:open') focusInput();
    else pauseAudio();
  }, []);
  const bridge = useEmbedBridge(query.isSuccess, onHostMessage);
  const assistant = query.data;
  useDocumentTitle(assistant?.name);
  const colors = useMemo(() => (assistant ? publicChatColors(assistant) : undefined), [assistant]);
  const slots = usePublicChatSlots(assistant);

  if (!uuid || (query.error instanceof ApiError && query.error.refused)) {
    return <ChatUnavailable reason="missing" />;
  }
  if (query.isError) return <ChatUnavailable reason="failed" onRetry={() => void query.refetch()} />;
  if (!assistant || !colors) {
    return (
      <Box sx={{ height: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }} aria-busy>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
          <Spinner size={22} />
          <Typography>{PUBLIC_CHAT_TEXTS.loading}</Typography>
        </Box>
      </Box>
    );
  }

  const surfaces = resolveSurfaces(colors);
  const logo: ReactNode = assistant.logo ? (
    <Box
      component="img"
      src={assistant.logo}
      alt={PUBLIC_CHAT_TEXTS.logoAlt(assistant.name)}
      data-testid="public-chat-logo"
      sx={{ height: { xs: 28, sm: 34 }, maxWidth: { xs: 88, sm: 140 }, objectFit: 'contain', mr: { xs: 0.5, sm: 1 }, ml: { xs: 0.5, sm: 0 } }}
    />
  ) : undefined;
  const close = bridge.embedded ? (
    <Hint title={PUBLIC_CHAT_TEXTS.close}>
      <IconButton aria-label={PUBLIC_CHAT_TEXTS.close} onClick={bridge.close} sx={{ color: 'inherit' }}>
        <CloseIcon />
      </IconButton>
    </Hint>
  ) : null;

  return (
    <Box component="main" sx={{ position: 'relative', minHeight: '100dvh', bgcolor: colors.tertiary }}>
      <ChatPanel
        assistant={assistant}
        colors={colors}
        publicMode
        live={slots.handoff ? visitorLive : undefined}
        canStartThread={interacted}
        height={chatHeight(windowHeight, true)}
        leadingAction={logo}
        headerActions={slots.headerActions}
        trailingAction={close}
        inputAdornment={slots.inputAdornment}
        answerActions={slots.answerActions}
      />
      <PublicChatFooter surfaces={surfaces} height={FOOTER_HEIGHT} />
      {!terms.approved && <TermsOverlay surfaces={surfaces} onApprove={terms.approve} />}
    </Box>
  );
}
