import { useState } from 'react';
import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { QA_ANSWER_MAX, QA_QUESTION_MAX } from '../../../shared/schemas/question-insights.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useStoreAnswer } from './api/store-answer.ts';
import { QUESTION_INSIGHT_TEXTS } from './texts.ts';

/** "Antwort hinterlegen": the right answer to a question becomes a Q&A entry of the Mika's knowledge. */
export function TeachDialog({ assistantUuid, question: asked, onClose }: { assistantUuid: string; question: string; onClose: () => void }) {
  const [question, setQuestion] = useState(asked);
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<{ question?: string; answer?: string }>({});
  const store = useStoreAnswer(assistantUuid);
  const save = () =>
    store.mutate(
      { question, answer },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors({ question: error.fields.question?.[0], answer: error.fields.answer?.[0] ?? (error.fields.question ? undefined : error.userMessage) });
        },
      },
    );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="teach-title">
      <DialogTitle id="teach-title">{QUESTION_INSIGHT_TEXTS.teachTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {QUESTION_INSIGHT_TEXTS.teachInfo}
        </Typography>
        <TextField
          label={QUESTION_INSIGHT_TEXTS.question}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          error={Boolean(errors.question)}
          helperText={errors.question ?? ' '}
          required
          htmlInput={{ maxLength: QA_QUESTION_MAX }}
        />
        <TextField
          label={QUESTION_INSIGHT_TEXTS.answer}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          error={Boolean(errors.answer)}
          helperText={errors.answer ?? ' '}
          required
          multiline
          minRows={4}
          autoFocus
          htmlInput={{ maxLength: QA_ANSWER_MAX }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{QUESTION_INSIGHT_TEXTS.cancel}</Button>
        <Button variant="contained" onClick={save} loading={store.isPending}>
          {QUESTION_INSIGHT_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
