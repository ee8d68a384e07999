import { Button } from '../../../components/ui/Button.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { useState } from 'react';
import type { TeamInsight } from '../../../../shared/schemas/insight.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useChangeTrialPeriod } from '../api/change-trial-period.ts';
import { ActionCard, CardActions } from '../ActionCard.tsx';
import { fieldErrorOf } from '../errors.ts';
import { berlinDay, formatDate } from '../format.ts';
import { INSIGHT_TEXTS } from '../texts.ts';

/**
 * 7. Testzeitraum: the last day of the trial and Anpassen → "Testzeitraum wurde angepasst". Only
 * teams on the trial plan; the server's refusal shows on the field.
 */
export function TrialCard({ team, disabled }: { team: TeamInsight; disabled: boolean }) {
  const [day, setDay] = useState(() => berlinDay(team.trial_ends_at));
  const [error, setError] = useState<string | null>(null);
  const change = useChangeTrialPeriod(team.uuid);
  const [today] = useState(() => berlinDay(new Date().toISOString()));
  // The server takes a trial date for teams on the trial or the individual plan (docs/operations.md).
  const onTrial = team.plan_slug === 'trial' || team.plan_slug === 'other';

  const submit = async () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setError(INSIGHT_TEXTS.trialDateInvalid);
      return;
    }
    setError(null);
    try {
      const result = await change.mutateAsync(day);
      showSuccess(result.message);
    } catch (failure) {
      setError(fieldErrorOf(failure));
    }
  };

  return (
    <ActionCard
      id="insight-trial"
      title={INSIGHT_TEXTS.trialTitle}
      info={
        <>
          {team.trial_ends_at ? INSIGHT_TEXTS.trialCurrent(formatDate(team.trial_ends_at)) : INSIGHT_TEXTS.trialNone}
          {!onTrial && (
            <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="insight-trial-hint">
              {INSIGHT_TEXTS.trialOnlyTrial}
            </Typography>
          )}
        </>
      }
      onSubmit={() => void submit()}
    >
      <TextField
        label={INSIGHT_TEXTS.trialLabel}
        type="date"
        value={day}
        onChange={(event) => {
          setDay(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? undefined}
        disabled={disabled || change.isPending}
        fullWidth
        shrinkLabel htmlInput={{ min: today }}
      />
      <CardActions>
        <Button type="submit" variant="contained" loading={change.isPending} disabled={disabled || day === ''}>
          {INSIGHT_TEXTS.adjust}
        </Button>
      </CardActions>
    </ActionCard>
  );
}
