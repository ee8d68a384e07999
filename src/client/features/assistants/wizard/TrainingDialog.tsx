import { COLORS, translucent } from '../../../lib/theme-tokens.ts';
import { transition } from '../../../components/ui/styles.ts';
import { Dialog, DialogContent } from '../../../components/ui/Dialog.ts';
import { LinearProgress } from '../../../components/ui/LinearProgress.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { AutoAwesomeIcon } from '../../../components/ui/icons/AutoAwesomeIcon.ts';
import { CheckIcon } from '../../../components/ui/icons/CheckIcon.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

/** "{name} wird trainiert …" with the progress bar of docs/product/library-and-wizard.md; it cannot be dismissed. */
export function TrainingDialog({ open, name, progress }: { open: boolean; name: string; progress: number }) {
  const done = progress >= 100;
  return (
    <Dialog
      open={open}
      maxWidth="xs"
      fullWidth
      aria-labelledby="training-title"
      data-testid="training-dialog"
    >
      <DialogContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            mx: 'auto',
            mb: 2.5,
            borderRadius: '20px',
            display: 'grid',
            placeItems: 'center',
            color: done ? 'success.main' : 'primary.main',
            bgcolor: translucent(done ? COLORS.success : COLORS.primary, 0.14),
            transition: transition('color', 'background-color'),
          }}
        >
          {done ? <CheckIcon size={34} /> : <AutoAwesomeIcon size={32} />}
        </Box>
        <Typography id="training-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {ASSISTANT_TEXTS.training(name)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 3 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={ASSISTANT_TEXTS.training(name)}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
            color={done ? 'success' : 'primary'}
          />
          <Typography
            variant="body2"
            sx={{ width: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          >
            {progress} %
          </Typography>
        </Box>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mt: 2, minHeight: '1.55em' }}
          aria-live="polite"
        >
          {done ? ASSISTANT_TEXTS.trainingDone : ''}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
