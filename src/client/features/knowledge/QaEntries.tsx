import { useState } from 'react';
import { Box } from '../../components/ui/Box.ts';
import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { QaEntry } from '../../../shared/schemas/knowledge-qa.ts';
import { QA_ANSWER_MAX, QA_QUESTION_MAX } from '../../../shared/schemas/question-insights.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useDeleteQaEntry } from './api/delete-qa-entry.ts';
import { useQaEntries } from './api/get-qa-entries.ts';
import { useUpdateQaEntry } from './api/update-qa-entry.ts';
import { KNOWLEDGE_TEXTS } from './texts.ts';

/** The Q&A entries stored from Einblicke («Antwort hinterlegen»): listed, editable, deletable (decision 040). */
export function QaEntries({ assistantUuid }: { assistantUuid: string }) {
  const entries = useQaEntries(assistantUuid);
  const [editing, setEditing] = useState<QaEntry | null>(null);
  const [deleting, setDeleting] = useState<QaEntry | null>(null);
  const remove = useDeleteQaEntry(assistantUuid);
  if (!entries.data || entries.data.entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="qa-entries" sx={{ mt: 3 }}>
      <Typography id="qa-entries" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {KNOWLEDGE_TEXTS.qaTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {KNOWLEDGE_TEXTS.qaInfo}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.data.entries.map((e) => (
          <Box component="li" key={e.uuid} data-testid="qa-entry" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 1.25, borderTop: '1px solid', borderColor: 'divider' }}>
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{e.question}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {e.answer}
              </Typography>
            </Box>
            <Button size="small" onClick={() => setEditing(e)}>
              {KNOWLEDGE_TEXTS.edit}
            </Button>
            <Button size="small" color="error" onClick={() => setDeleting(e)}>
              {KNOWLEDGE_TEXTS.delete}
            </Button>
          </Box>
        ))}
      </Box>
      {editing && <EditQaDialog assistantUuid={assistantUuid} entry={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={KNOWLEDGE_TEXTS.qaDeleteTitle}
          text={deleting.question}
          confirmLabel={KNOWLEDGE_TEXTS.delete}
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.uuid, {
              onSuccess: (r) => {
                showSuccess(r.message);
                setDeleting(null);
              },
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}

function EditQaDialog({ assistantUuid, entry, onClose }: { assistantUuid: string; entry: QaEntry; onClose: () => void }) {
  const [question, setQuestion] = useState(entry.question);
  const [answer, setAnswer] = useState(entry.answer);
  const [error, setError] = useState('');
  const update = useUpdateQaEntry(assistantUuid);
  const save = () =>
    update.mutate(
      { entryUuid: entry.uuid, question, answer },
      {
        onSuccess: (r) => {
          showSuccess(r.message);
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? (Object.values(e.fields)[0]?.[0] ?? e.userMessage) : e.message),
      },
    );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="qa-edit-title">
      <DialogTitle id="qa-edit-title">{KNOWLEDGE_TEXTS.qaEditTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField label={KNOWLEDGE_TEXTS.qaQuestion} value={question} onChange={(e) => setQuestion(e.target.value)} required htmlInput={{ maxLength: QA_QUESTION_MAX }} />
        <TextField
          label={KNOWLEDGE_TEXTS.qaAnswer}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          required
          multiline
          minRows={4}
          error={error !== ''}
          helperText={error || ' '}
          htmlInput={{ maxLength: QA_ANSWER_MAX }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{KNOWLEDGE_TEXTS.cancel}</Button>
        <Button variant="contained" onClick={save} loading={update.isPending}>
          {KNOWLEDGE_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
