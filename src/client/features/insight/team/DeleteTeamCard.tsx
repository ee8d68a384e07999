import { Button } from '../../../components/ui/Button.ts';
import { FormControlLabel } from '../../../components/ui/FormControlLabel.ts';
import { Switch } from '../../../components/ui/Switch.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { DeleteIcon } from '../../../components/ui/icons/DeleteIcon.ts';
import { useState, type ReactNode } from 'react';
import type { TeamInsight } from '../../../../shared/schemas/insight.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useDeleteTeam } from '../api/delete-team.ts';
import { ActionCard, CardActions } from '../ActionCard.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { INSIGHT_TEXTS } from '../texts.ts';

/**
 * 6. Team löschen: the switches Stripe-Kunde löschen (default off) and Soft delete (default on),
 * then Löschen with the confirm dialog (500 px, docs/product/operator-area.md) → "Team wurde mit allen Daten gelöscht".
 */
export function DeleteTeamCard({ team, disabled, onDeleted }: { team: TeamInsight; disabled: boolean; onDeleted: () => void }) {
  const [stripe, setStripe] = useState(false);
  const [soft, setSoft] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTeam(team.uuid);
  const stripeTeam = team.billing_provider === 'stripe';

  // Awaited rather than per-call callbacks: the refreshed detail may re-render the view first.
  const confirm = async () => {
    try {
      const result = await remove.mutateAsync({ deleteStripeCustomer: stripe && stripeTeam ? 1 : 0, softDelete: soft ? 1 : 0 });
      showSuccess(result.message);
      onDeleted();
    } catch {
      // The api client has shown the server's message.
    }
    setConfirming(false);
  };

  return (
    <ActionCard id="insight-delete" title={INSIGHT_TEXTS.deleteTeamTitle}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Option
          label={INSIGHT_TEXTS.deleteStripe}
          checked={stripe && stripeTeam}
          onChange={setStripe}
          disabled={disabled || !stripeTeam}
          hint={stripeTeam ? (stripe ? INSIGHT_TEXTS.deleteStripeOn : undefined) : INSIGHT_TEXTS.deleteStripeHint}
          id="insight-delete-stripe"
        />
        <Option
          label={INSIGHT_TEXTS.softDelete}
          checked={soft}
          onChange={setSoft}
          disabled={disabled}
          hint={soft ? INSIGHT_TEXTS.softDeleteOn : INSIGHT_TEXTS.softDeleteOff}
          id="insight-delete-soft"
        />
      </Box>
      <CardActions>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} disabled={disabled} onClick={() => setConfirming(true)}>
          {INSIGHT_TEXTS.deleteButton}
        </Button>
      </CardActions>
      {confirming && (
        <ConfirmDialog
          width={500}
          title={INSIGHT_TEXTS.deleteDialogTitle}
          text={INSIGHT_TEXTS.deleteDialogText}
          detail={INSIGHT_TEXTS.deleteDialogTeam(team.name, soft)}
          confirmLabel={INSIGHT_TEXTS.deleteButton}
          destructive
          pending={remove.isPending}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(false)}
        />
      )}
    </ActionCard>
  );
}

function Option({
  id,
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  hint?: ReactNode;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
            htmlInput={{ 'aria-describedby': hint ? `${id}-hint` : undefined }}
          />
        }
        label={label}
      />
      {hint && (
        <Typography id={`${id}-hint`} variant="body2" sx={{ color: 'text.secondary', ml: 6.5, mt: -0.5 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
