import { Button } from '../../../components/ui/Button.ts';
import { Alert } from '../../../components/ui/Alert.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { useState } from 'react';
import type { TeamInsight } from '../../../../shared/schemas/insight.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useApplyPromotionCode } from '../api/apply-promotion-code.ts';
import { ActionCard, CardActions } from '../ActionCard.tsx';
import { fieldErrorOf } from '../errors.ts';
import { formatDate, formatDiscount } from '../format.ts';
import { INSIGHT_TEXTS } from '../texts.ts';

/** 3. Gutschein: a code and Anwenden → "Gutschein wird angewendet"; the active discount, if any. */
export function PromotionCard({ team, disabled }: { team: TeamInsight; disabled: boolean }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyPromotionCode(team.uuid);
  const submit = async () => {
    setError(null);
    try {
      const result = await apply.mutateAsync(code.trim());
      showSuccess(result.message);
      setCode('');
    } catch (failure) {
      setError(fieldErrorOf(failure));
    }
  };
  const discount = team.discount;

  return (
    <ActionCard id="insight-promotion" title={INSIGHT_TEXTS.promotionTitle} onSubmit={() => void submit()}>
      {discount && (
        <Alert severity="success" variant="outlined" data-testid="insight-discount" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{INSIGHT_TEXTS.activeDiscount}:</strong> {discount.code} · {formatDiscount(discount)} ·{' '}
          {discount.valid_until ? INSIGHT_TEXTS.discountUntil(formatDate(discount.valid_until)) : INSIGHT_TEXTS.discountForever}
        </Alert>
      )}
      <TextField
        label={INSIGHT_TEXTS.promotionLabel}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? undefined}
        disabled={disabled || apply.isPending}
        autoComplete="off"
        fullWidth
        htmlInput={{ maxLength: 64, spellCheck: false }}
      />
      <CardActions>
        <Button type="submit" variant="contained" loading={apply.isPending} disabled={disabled || code.trim() === ''}>
          {INSIGHT_TEXTS.apply}
        </Button>
      </CardActions>
    </ActionCard>
  );
}
