import { ArrowBackIcon } from '../../components/ui/icons/ArrowBackIcon.ts';
import { SendIcon } from '../../components/ui/icons/SendIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Tooltip } from '../../components/ui/Tooltip.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONVERSATION_MESSAGES, TASK_MESSAGES } from '../../../shared/messages.ts';
import { TASK_INPUT_MAX, TASK_INPUT_MIN, type TaskResponse } from '../../../shared/schemas/task.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { useAssistantView } from '../../lib/assistant-view.ts';
import { subscribeToThread } from '../../lib/live-channel.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AssistantAvatar } from '../../components/AssistantAvatar.tsx';
import { OfflineChip } from '../../components/chat/index.ts';
import { useCapabilitiesQuery, useChatAssistantQuery, CHAT_TEXTS } from '../../lib/chat/index.ts';
import { useSendTask } from './api/send-task.ts';
import { TaskResult } from './TaskResult.tsx';
import { TASK_TEXTS } from './texts.ts';
import { withNameBreaks } from '../../lib/name-breaks.ts';

/** The office's task view (/?view=task&assistant=<uuid>, docs/product/tasks-and-images.md): an input, a result, its actions. */
export default function TaskView({ assistantUuid }: { assistantUuid: string }) {
  const { open } = useAssistantView();
  const query = useChatAssistantQuery(assistantUuid);
  const capabilities = useCapabilitiesQuery();
  const assistant = query.data;
  useDocumentTitle(assistant?.name);
  const send = useSendTask();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string>('');
  const [result, setResult] = useState<TaskResponse | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => unsubscribe.current?.(), []);

  const back = (
    <Tooltip title={CHAT_TEXTS.backToLibrary}>
      <IconButton aria-label={CHAT_TEXTS.backToLibrary} onClick={() => open('list')} color="inherit" edge="start">
        <ArrowBackIcon />
      </IconButton>
    </Tooltip>
  );

  if (query.isPending) {
    return (
      <Box sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }} aria-busy>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
          <CircularProgress size={22} color="inherit" />
          <Typography>{CHAT_TEXTS.assistantLoading}</Typography>
        </Box>
      </Box>
    );
  }
  if (!assistant) {
    return (
      <Card sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="task-unavailable">
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {CHAT_TEXTS.assistantUnavailableTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{CHAT_TEXTS.assistantUnavailableText}</Typography>
        <Button variant="contained" startIcon={<ArrowBackIcon />} onClick={() => open('list')}>
          {CHAT_TEXTS.backToLibrary}
        </Button>
      </Card>
    );
  }

  const trimmed = input.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || trimmed === '') return;
    if (trimmed.length < TASK_INPUT_MIN) {
      setError(TASK_MESSAGES.inputMin);
      return;
    }
    setError(null);
    setResult(null);
    setProgress(CONVERSATION_MESSAGES.progressPreparing);
    send.mutate(
      {
        assistantUuid,
        input: trimmed,
        // Progress (thinking, writing, the document being built) arrives on the thread's live channel.
        onThread: (thread) => {
          unsubscribe.current?.();
          unsubscribe.current = subscribeToThread(thread.id, thread.token, (event) => {
            if (event.msg && event.status !== 'done-ai') setProgress(event.msg);
          });
        },
      },
      {
        onSuccess: (data) => {
          setResult(data);
          requestAnimationFrame(() => resultRef.current?.focus());
        },
        onSettled: () => {
          unsubscribe.current?.();
          unsubscribe.current = null;
        },
      },
    );
  };

  const count = trimmed.length;
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        {back}
        <AssistantAvatar assistant={assistant} size={40} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>
          {withNameBreaks(assistant.name)}
        </Typography>
        {capabilities.data?.offline && <OfflineChip />}
      </Box>

      <Card component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <TextField
          label={TASK_TEXTS.inputLabel}
          placeholder={TASK_TEXTS.inputPlaceholder}
          multiline
          minRows={4}
          maxRows={14}
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            if (error && e.target.value.trim().length >= TASK_INPUT_MIN) setError(null);
          }}
          onKeyDown={(e) => {
            // Ctrl/Cmd + Enter sends; Enter alone makes a new line.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
          }}
          error={error !== null}
          helperText={error ?? TASK_TEXTS.inputCount(count, TASK_INPUT_MIN)}
          htmlInput={{ maxLength: TASK_INPUT_MAX, 'data-testid': 'task-input' }}
          fullWidth
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Hint title={TASK_TEXTS.inputPlaceholder} disabled={trimmed === ''} label={TASK_TEXTS.send}>
            <Button
              type="submit"
              variant="contained"
              disabled={trimmed === '' || send.isPending}
              endIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
              data-testid="task-send"
            >
              {TASK_TEXTS.send}
            </Button>
          </Hint>
        </Box>
      </Card>

      <Card sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }} aria-labelledby="task-result-title">
        <Typography id="task-result-title" variant="h6" component="h2">
          {TASK_TEXTS.resultTitle}
        </Typography>
        <Box ref={resultRef} tabIndex={-1} aria-live="polite" sx={{ outline: 'none' }} data-testid="task-result">
          {send.isPending ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }} role="status">
              <CircularProgress size={18} color="inherit" />
              <Typography data-testid="task-progress">{progress || TASK_TEXTS.working}</Typography>
            </Box>
          ) : result ? (
            <TaskResult assistant={assistant} result={result} />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{TASK_TEXTS.resultEmpty}</Typography>
          )}
        </Box>
      </Card>
    </Box>
  );
}
