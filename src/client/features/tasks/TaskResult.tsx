import { CopyIcon } from '../../components/ui/icons/CopyIcon.ts';
import { MailIcon } from '../../components/ui/icons/MailIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { TaskResponse } from '../../../shared/schemas/task.ts';
import { TASK_MESSAGES } from '../../../shared/messages.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { fileUrl } from '../../lib/chat/index.ts';
import { DocumentMessage } from '../../components/chat/index.ts';
import { useEmailTaskOutput } from './api/email-task-output.ts';
import { TaskVoiceButton } from './TaskVoiceButton.tsx';
import { TASK_TEXTS } from './texts.ts';
import { useTyping } from './use-typing.ts';

interface Props {
  assistant: { uuid: string; name: string; can_talk: number };
  result: TaskResponse;
}

/** Copies the result; the spec's texts for success and (lib/copy-text) for a browser without clipboard access. */
const copy = (text: string) => copyText(text, TASK_MESSAGES.copied);

/** docs/product/tasks-and-images.md: "Task output": txt shows the text with voice, e-mail and copy; doc shows the document. */
export function TaskResult({ assistant, result }: Props) {
  if (result.responseType === 'doc') {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="task-document">
        <Typography sx={{ color: 'text.secondary' }}>{TASK_TEXTS.documentResult}</Typography>
        <Box sx={{ p: 2, borderRadius: '12px', border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
          <DocumentMessage url={fileUrl('document', assistant.uuid, result.responseData, result.threadToken)} fileName={result.responseData} />
        </Box>
      </Box>
    );
  }
  return <TextResult assistant={assistant} result={result} />;
}

function TextResult({ assistant, result }: Props) {
  const typing = useTyping(result.responseData);
  const mail = useEmailTaskOutput(assistant);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box data-testid="task-text" aria-busy={!typing.done} sx={{ overflowWrap: 'anywhere' }}>
        <Markdown streaming={!typing.done}>{typing.text}</Markdown>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <TaskVoiceButton
          key={result.msgId}
          assistantUuid={assistant.uuid}
          thread={{ id: result.threadId, token: result.threadToken }}
          msgId={result.msgId}
          canTalk={assistant.can_talk === 1}
        />
        <Hint title={TASK_TEXTS.email}>
          <IconButton
            aria-label={TASK_TEXTS.email}
            disabled={mail.isPending}
            data-testid="task-email"
            onClick={() => mail.mutate(result.responseData, { onSuccess: (data) => showSuccess(data.message) })}
          >
            {mail.isPending ? <Spinner size={20} /> : <MailIcon />}
          </IconButton>
        </Hint>
        <Hint title={TASK_TEXTS.copy}>
          <IconButton aria-label={TASK_TEXTS.copy} data-testid="task-copy" onClick={() => void copy(result.responseData)}>
            <CopyIcon />
          </IconButton>
        </Hint>
        {!typing.done && (
          <Button size="small" color="inherit" onClick={typing.skip} sx={{ ml: 'auto' }}>
            {TASK_TEXTS.skipTyping}
          </Button>
        )}
      </Box>
    </Box>
  );
}
