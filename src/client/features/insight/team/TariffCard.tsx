import { Button } from '../../../components/ui/Button.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { useState } from 'react';
import type { TeamInsight } from '../../../../shared/schemas/insight.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';
import { ActionCard, CardActions } from '../ActionCard.tsx';
import { INSIGHT_TEXTS } from '../texts.ts';

/** 1. Tarifmodell: the plan select (detail.prices) and Update → "Abo wurde angepasst". */
export function TariffCard({ team, disabled }: { team: TeamInsight; disabled: boolean }) {
  const [priceId, setPriceId] = useState(team.currentPriceId);
  const update = useUpdateSubscription(team.uuid);
  // A plan the list does not offer (any more) stays visible as the current value.
  const prices = team.prices.some((p) => p.id === team.currentPriceId)
    ? team.prices
    : [{ id: team.currentPriceId, name: team.currentPriceId }, ...team.prices];
  // Awaited rather than a per-call callback: the new plan remounts this card (see its key).
  const submit = async () => {
    try {
      showSuccess((await update.mutateAsync(priceId)).message);
    } catch {
      // The api client has shown the server's message.
    }
  };

  return (
    <ActionCard id="insight-tariff" title={INSIGHT_TEXTS.tariffTitle} onSubmit={() => void submit()}>
      <TextField
        select
        label={INSIGHT_TEXTS.tariffLabel}
        value={priceId}
        onChange={(event) => setPriceId(event.target.value)}
        disabled={disabled || update.isPending}
        fullWidth
        nativeSelect
      >
        {prices.map((price) => (
          <option key={price.id} value={price.id}>
            {price.name}
          </option>
        ))}
      </TextField>
      <CardActions>
        <Button type="submit" variant="contained" loading={update.isPending} disabled={disabled || priceId === team.currentPriceId}>
          {INSIGHT_TEXTS.update}
        </Button>
      </CardActions>
    </ActionCard>
  );
}
