import { Button } from '../../../components/ui/Button.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { useState } from 'react';
import type { TeamInsight } from '../../../../shared/schemas/insight.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useUpdateAmountAssets } from '../api/update-amount-assets.ts';
import { ActionCard, CardActions } from '../ActionCard.tsx';
import { INSIGHT_TEXTS } from '../texts.ts';

type Field = 'mikas' | 'users' | 'licences';

/** 2. Enthaltene Leistungen: Mikas, User and Kom Lizenzen of the plan, with Update → "Leistungen wurde angepasst". */
export function AmountsCard({ team, disabled }: { team: TeamInsight; disabled: boolean }) {
  const [values, setValues] = useState<Record<Field, string>>({
    mikas: String(team.amount_mikas),
    users: String(team.amount_users),
    licences: String(team.amount_public_licences),
  });
  const update = useUpdateAmountAssets(team.uuid);
  const complete = Object.values(values).every((v) => v.trim() !== '');
  const changed =
    values.mikas !== String(team.amount_mikas) ||
    values.users !== String(team.amount_users) ||
    values.licences !== String(team.amount_public_licences);
  // docs/product/operator-area.md: no client rule; the server checks the numbers and answers in German.
  // Awaited rather than a per-call callback: the new amounts remount this card (see its key).
  const submit = async () => {
    try {
      const result = await update.mutateAsync({ amountMikas: values.mikas, amountUsers: values.users, amountPublicLicences: values.licences });
      showSuccess(result.message);
    } catch {
      // The api client has shown the server's message.
    }
  };
  const field = (name: Field, label: string) => (
    <TextField
      label={label}
      type="number"
      value={values[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      disabled={disabled || update.isPending}
      htmlInput={{ min: 0, max: 1000, step: 1, inputMode: 'numeric' }}
    />
  );

  return (
    <ActionCard id="insight-amounts" title={INSIGHT_TEXTS.amountsTitle} info={INSIGHT_TEXTS.amountsInfo} onSubmit={() => void submit()}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(112px, 1fr))' }}>
        {field('mikas', INSIGHT_TEXTS.amountMikas)}
        {field('users', INSIGHT_TEXTS.amountUsers)}
        {field('licences', INSIGHT_TEXTS.amountLicences)}
      </Box>
      <CardActions>
        <Button type="submit" variant="contained" loading={update.isPending} disabled={disabled || !changed || !complete}>
          {INSIGHT_TEXTS.update}
        </Button>
      </CardActions>
    </ActionCard>
  );
}
