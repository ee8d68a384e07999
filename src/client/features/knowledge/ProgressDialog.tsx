import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { LinearProgress } from '../../components/ui/LinearProgress.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Box } from '../../components/ui/Box.ts';
import { Step, StepLabel, Stepper } from '../../components/ui/Stepper.ts';
import { useEffect, useState } from 'react';
import type { KnowledgeFile, KnowledgeStatus } from '../../../shared/schemas/knowledge.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { KNOWLEDGE_TEXTS } from './texts.ts';

const STAGES: KnowledgeStatus[] = ['queued', 'reading', 'chunking', 'indexing', 'ready'];
/** docs/product/knowledge-and-tools.md: the dialog closes 2 s after completion. */
const CLOSE_DELAY_MS = 2000;
/** Reading longer than this is a scan's text recognition (seconds per page): say so, let the user go. */
const READING_LONG_MS = 5000;

/**
 * True while some file is in «Text wird gelesen», once one has been for READING_LONG_MS: the
 * dialogs then explain the wait and may be closed (the list goes on showing the file's stage).
 */
function useReadingLong(statuses: readonly KnowledgeStatus[]): boolean {
  const reading = statuses.includes('reading');
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!reading) return;
    const timer = setTimeout(() => setLong(true), READING_LONG_MS);
    return () => clearTimeout(timer);
  }, [reading]);
  return reading && long;
}

/** The explanation of a long reading (a scan), in the dialogs' own words. */
function ReadingLongHint() {
  return (
    <Alert severity="info" sx={{ mt: 2 }} data-testid="knowledge-reading-long">
      {KNOWLEDGE_TEXTS.readingLong}
    </Alert>
  );
}

/**
 * The training dialog of docs/product/knowledge-and-tools.md, showing the real ingestion stages as they arrive (live channel,
 * list refresh as fallback) instead of a random 2–4 s animation: docs/decisions/011-knowledge.md.
 */
export function ProgressDialog({ file, onClose }: { file: KnowledgeFile | null; onClose: () => void }) {
  const status = file?.status;
  const readingLong = useReadingLong(status ? [status] : []);
  useEffect(() => {
    if (status !== 'ready') return;
    showSuccess(KNOWLEDGE_MESSAGES.fileUploaded);
    const timer = setTimeout(onClose, CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);
  if (!file) return null;
  const failed = file.status === 'error';
  const index = STAGES.indexOf(file.status);
  const progress = progressOf(file.status);
  return (
    <Dialog
      open
      maxWidth="sm"
      fullWidth
      aria-labelledby="knowledge-progress-title"
      data-testid="knowledge-progress"
    >
      <DialogTitle id="knowledge-progress-title" sx={{ overflowWrap: 'anywhere' }}>
        {KNOWLEDGE_TEXTS.progressTitle(file.name)}
      </DialogTitle>
      <DialogContent>
        <Stepper activeStep={failed ? -1 : index} alternativeLabel sx={{ mb: 2.5 }}>
          {STAGES.map((s, i) => (
            <Step key={s} completed={!failed && (i < index || file.status === 'ready')}>
              <StepLabel>{KNOWLEDGE_TEXTS.status[s]}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <LinearProgress
          variant="determinate"
          value={progress}
          color={failed ? 'error' : file.status === 'ready' ? 'success' : 'primary'}
          aria-label={KNOWLEDGE_TEXTS.progressTitle(file.name)}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography
          variant="body2"
          aria-live="polite"
          sx={{ mt: 2, color: 'text.secondary' }}
          data-testid="knowledge-progress-status"
        >
          {file.status === 'ready' ? KNOWLEDGE_TEXTS.progressDone : KNOWLEDGE_TEXTS.status[file.status]}
        </Typography>
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {file.error}
          </Alert>
        )}
        {readingLong && <ReadingLongHint />}
      </DialogContent>
      {(failed || readingLong) && (
        <DialogActions>
          <Button onClick={onClose}>{KNOWLEDGE_TEXTS.close}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

/** A file's place on the way to «fertig», 0–100 (an error counts as done). */
const progressOf = (status: KnowledgeStatus) => (status === 'error' ? 100 : Math.round((STAGES.indexOf(status) / (STAGES.length - 1)) * 100));

/**
 * Several files uploaded at once: one dialog follows them all, each with its real stage as it
 * arrives, and closes 2 s after the last is read. A file that ends in an error keeps the dialog
 * open with its reason, as the single-file dialog does.
 */
export function ProgressListDialog({ files, onClose }: { files: KnowledgeFile[]; onClose: () => void }) {
  const settled = files.length > 0 && files.every((f) => f.status === 'ready' || f.status === 'error');
  const failed = files.some((f) => f.status === 'error');
  const readingLong = useReadingLong(files.map((f) => f.status));
  useEffect(() => {
    if (!settled || failed) return;
    const timer = setTimeout(onClose, CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [settled, failed, onClose]);
  if (files.length === 0) return null;
  const title = KNOWLEDGE_TEXTS.progressManyTitle(files.length);
  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="knowledge-progress-many-title" data-testid="knowledge-progress-many">
      <DialogTitle id="knowledge-progress-many-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {files.map((f) => (
          <Box key={f.uuid} data-testid="knowledge-progress-file">
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {f.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                {KNOWLEDGE_TEXTS.status[f.status]}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={progressOf(f.status)}
              color={f.status === 'error' ? 'error' : f.status === 'ready' ? 'success' : 'primary'}
              aria-label={f.name}
              sx={{ height: 6, borderRadius: 3 }}
            />
            {f.status === 'error' && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {f.error}
              </Alert>
            )}
          </Box>
        ))}
        <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary' }} data-testid="knowledge-progress-many-status">
          {settled && !failed ? KNOWLEDGE_TEXTS.progressManyDone : title}
        </Typography>
        {readingLong && <ReadingLongHint />}
      </DialogContent>
      {((failed && settled) || readingLong) && (
        <DialogActions>
          <Button onClick={onClose}>{KNOWLEDGE_TEXTS.close}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

/** How long the removal's retraining is shown before it completes (the delete itself is done). */
const REMOVAL_MS = 1500;

/**
 * docs/product/knowledge-and-tools.md: deleting a knowledge file shows the training dialog too. The server removed the file
 * and its passages in one statement before this opens; the dialog shows the Mika being trained
 * without it, completes, and closes 2 s later with the confirmation.
 */
export function RemovalDialog({ name, onClose }: { name: string | null; onClose: () => void }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (name === null) return;
    const timer = setTimeout(() => setDone(true), REMOVAL_MS);
    return () => clearTimeout(timer);
  }, [name]);
  useEffect(() => {
    if (!done) return;
    showSuccess(KNOWLEDGE_MESSAGES.fileDeleted);
    const timer = setTimeout(onClose, CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, onClose]);
  if (name === null) return null;
  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="knowledge-removal-title" data-testid="knowledge-removal">
      <DialogTitle id="knowledge-removal-title" sx={{ overflowWrap: 'anywhere' }}>
        {KNOWLEDGE_TEXTS.removalTitle(name)}
      </DialogTitle>
      <DialogContent>
        <LinearProgress
          variant={done ? 'determinate' : 'indeterminate'}
          value={100}
          color={done ? 'success' : 'primary'}
          aria-label={KNOWLEDGE_TEXTS.removalTitle(name)}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" aria-live="polite" sx={{ mt: 2, color: 'text.secondary' }} data-testid="knowledge-removal-status">
          {done ? KNOWLEDGE_TEXTS.removalDone : KNOWLEDGE_TEXTS.removalRunning}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
