import { ArrowBackIcon } from '../../components/ui/icons/ArrowBackIcon.ts';
import { SendIcon } from '../../components/ui/icons/SendIcon.ts';
import { SupportAgentIcon } from '../../components/ui/icons/SupportAgentIcon.ts';
import { Box } from '../../components/ui/Box.ts';
import { Button } from '../../components/ui/Button.ts';
import { Card } from '../../components/ui/Card.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import type { LiveThread } from '../../../shared/schemas/handoff.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { handoffKeys } from './api/keys.ts';
import { useLiveMessages } from './api/get-live-messages.ts';
import { useLiveThreads } from './api/get-live-threads.ts';
import { useReleaseLiveThread } from './api/release-live-thread.ts';
import { useSendLiveMessage } from './api/send-live-message.ts';
import { useTakeLiveThread } from './api/take-live-thread.ts';
import { officeLiveJoined, onLiveEvent } from './office-live.ts';
import { HANDOFF_TEXTS } from './texts.ts';

/** Puts a visitor's text on the listed conversation and moves it to the top; false when it is not listed. */
function showVisitorMessage(queryClient: QueryClient, threadId: number, visitor: { text: string; at: string }): boolean {
  let listed = false;
  queryClient.setQueryData<LiveThread[]>(handoffKeys.threads(), (old) => {
    const hit = old?.find((t) => t.threadId === threadId);
    if (!old || !hit) return old;
    listed = true;
    return [{ ...hit, lastMessage: visitor.text, updatedAt: visitor.at }, ...old.filter((t) => t !== hit)];
  });
  return listed;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' });

/** The office area «Live» (docs/product/live-handoff.md): open public conversations, take over, write, give back. */
export default function LiveSection() {
  const queryClient = useQueryClient();
  const threads = useLiveThreads();
  const [selected, setSelected] = useState<number | null>(null);

  // Live events refetch the list and the open conversation: no polling. A visitor's message comes
  // with its text before it is stored: a listed conversation shows it at once, and the event that
  // follows once it is stored (or not) refetches what is true (decision 046).
  useEffect(
    () =>
      onLiveEvent((event) => {
        const { visitor } = event;
        if (visitor && showVisitorMessage(queryClient, event.threadId, visitor)) return;
        void queryClient.invalidateQueries({ queryKey: handoffKeys.threads() });
        if (!visitor) void queryClient.invalidateQueries({ queryKey: handoffKeys.messages(event.threadId) });
      }),
    [queryClient],
  );
  const [permission, setPermission] = useState(() => (typeof Notification === 'undefined' ? 'denied' : Notification.permission));
  const joined = useSyncExternalStore(officeLiveJoined.subscribe, officeLiveJoined.get);
  const list = threads.data ?? [];
  const current = list.find((t) => t.threadId === selected) ?? null;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SectionHeader
        title={HANDOFF_TEXTS.title}
        subtitle={HANDOFF_TEXTS.intro}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              data-testid="live-presence"
              data-joined={joined ? 'true' : 'false'}
              color={joined ? 'success' : 'default'}
              variant="outlined"
              label={joined ? HANDOFF_TEXTS.present : HANDOFF_TEXTS.notPresent}
            />
            {permission === 'default' && (
              <Button color="inherit" variant="outlined" onClick={() => void Notification.requestPermission().then(setPermission)}>
                {HANDOFF_TEXTS.allowNotifications}
              </Button>
            )}
          </Box>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 360px) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box component="section" aria-label={HANDOFF_TEXTS.listLabel} sx={{ display: { xs: current ? 'none' : 'grid', md: 'grid' }, gap: 1 }}>
          {list.length === 0 && !threads.isPending && (
            <Card sx={{ p: 3 }}>
              <Typography sx={{ color: 'text.secondary' }}>{HANDOFF_TEXTS.empty}</Typography>
            </Card>
          )}
          {list.map((t) => (
            <ThreadRow key={t.threadId} thread={t} active={t.threadId === selected} onOpen={() => setSelected(t.threadId)} />
          ))}
        </Box>
        {current ? (
          <ThreadPanel key={current.threadId} thread={current} onBack={() => setSelected(null)} />
        ) : (
          <Card sx={{ p: 3, display: { xs: 'none', md: 'block' } }}>
            <Typography sx={{ color: 'text.secondary' }}>{HANDOFF_TEXTS.choose}</Typography>
          </Card>
        )}
      </Box>
    </Box>
  );
}

function ThreadRow({ thread, active, onOpen }: { thread: LiveThread; active: boolean; onOpen: () => void }) {
  return (
    <Card
      component="button"
      type="button"
      onClick={onOpen}
      data-testid="live-thread"
      aria-current={active ? 'true' : undefined}
      sx={{
        p: 2,
        textAlign: 'left',
        cursor: 'pointer',
        font: 'inherit',
        color: 'inherit',
        border: 1,
        borderColor: active ? 'primary.main' : thread.requested ? 'warning.main' : 'divider',
        display: 'grid',
        gap: 0.5,
        width: '100%',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {thread.assistantName}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {time(thread.updatedAt)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {thread.lastMessage}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {thread.requested && <Chip size="small" color="warning" icon={<SupportAgentIcon size={16} />} label={HANDOFF_TEXTS.requested} />}
        {thread.takenBy && <Chip size="small" variant="outlined" label={thread.takenByMe ? HANDOFF_TEXTS.takenByMe : HANDOFF_TEXTS.takenBy(thread.takenBy)} />}
      </Box>
    </Card>
  );
}

function ThreadPanel({ thread, onBack }: { thread: LiveThread; onBack: () => void }) {
  const messages = useLiveMessages(thread.threadId);
  const take = useTakeLiveThread();
  const release = useReleaseLiveThread();
  const send = useSendLiveMessage(thread.threadId);
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.data?.length]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    send.mutate(value, { onSuccess: () => setText('') });
  };

  return (
    <Card component="section" aria-label={thread.assistantName} sx={{ display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr) auto', maxHeight: { md: 'calc(100dvh - 220px)' }, minHeight: 360 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
        <IconButton aria-label={HANDOFF_TEXTS.back} onClick={onBack} sx={{ display: { md: 'none' } }}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {thread.assistantName}
        </Typography>
        {thread.takenByMe ? (
          <Button variant="outlined" color="inherit" onClick={() => release.mutate(thread.threadId)} disabled={release.isPending}>
            {HANDOFF_TEXTS.release}
          </Button>
        ) : thread.takenBy ? (
          <Chip variant="outlined" label={HANDOFF_TEXTS.takenBy(thread.takenBy)} />
        ) : (
          <Button variant="contained" onClick={() => take.mutate(thread.threadId)} disabled={take.isPending}>
            {HANDOFF_TEXTS.take}
          </Button>
        )}
      </Box>
      <Box sx={{ overflowY: 'auto', p: 2, display: 'grid', gap: 1.25, alignContent: 'start' }} data-testid="live-messages">
        {(messages.data ?? []).filter((m) => m.type !== 'form' || m.text).map((m) => (
          <LiveBubble key={m.id} message={m} />
        ))}
        <div ref={end} />
      </Box>
      {thread.takenByMe && (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <TextField
            fullWidth
            size="small"
            multiline
            maxRows={4}
            placeholder={HANDOFF_TEXTS.placeholder}
            htmlInput={{ 'aria-label': HANDOFF_TEXTS.placeholder, maxLength: 4000 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
          />
          <IconButton type="submit" aria-label={HANDOFF_TEXTS.send} color="primary" disabled={send.isPending || !text.trim()}>
            <SendIcon />
          </IconButton>
        </Box>
      )}
    </Card>
  );
}

function LiveBubble({ message }: { message: ChatMessage }) {
  const visitor = message.origin === 'user';
  const who = visitor ? HANDOFF_TEXTS.visitor : message.origin === 'staff' ? (message.name ?? '') : 'Mika';
  return (
    <Box data-testid="live-message" data-origin={message.origin} sx={{ justifySelf: visitor ? 'start' : 'end', maxWidth: '85%', display: 'grid', gap: 0.25 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: visitor ? 'left' : 'right' }}>
        {who} · {time(message.created_at)}
      </Typography>
      <Box
        sx={{
          px: 1.75,
          py: 1,
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: visitor ? 'action.hover' : message.origin === 'staff' ? 'primary.dark' : 'background.default',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {message.text}
      </Box>
    </Box>
  );
}
