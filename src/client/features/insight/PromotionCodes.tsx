import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { FormLabel } from '../../components/ui/FormControl.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Radio, RadioGroup } from '../../components/ui/Radio.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../components/ui/Table.ts';
import { useState, type FormEvent } from 'react';
import type { PromotionCode, PromotionCodeInput } from '../../../shared/schemas/insight.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useCreatePromotionCode } from './api/create-promotion-code.ts';
import { useDeactivatePromotionCode } from './api/deactivate-promotion-code.ts';
import { usePromotionCodes } from './api/get-promotion-codes.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { fieldErrorOf } from './errors.ts';
import { formatDate, formatDiscount, formatMonths, parseEuroCents } from './format.ts';
import { INSIGHT_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

/** Gutscheine: the promotion codes with Deaktivieren, and the form for a new one. */
export function PromotionCodes() {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PromotionList />
      <NewPromotionForm />
    </Box>
  );
}

function PromotionList() {
  const codes = usePromotionCodes();
  const [deactivating, setDeactivating] = useState<PromotionCode | null>(null);
  const deactivate = useDeactivatePromotionCode();

  let body;
  if (codes.isPending) {
    body = <Skeleton variant="rounded" height={120} aria-busy aria-label={INSIGHT_TEXTS.promotionsLoading} sx={{ mx: { xs: 2.5, sm: 3 } }} />;
  } else if (codes.isError) {
    body = (
      <Box sx={{ px: { xs: 2.5, sm: 3 } }}>
        <LoadFailed query={codes} text={INSIGHT_TEXTS.promotionsLoadFailed} />
      </Box>
    );
  } else if (codes.data.length === 0) {
    body = <Typography sx={{ color: 'text.secondary', px: { xs: 2.5, sm: 3 } }}>{INSIGHT_TEXTS.promotionsEmpty}</Typography>;
  } else {
    body = (
      <TableContainer tabIndex={0} role="region" aria-label={INSIGHT_TEXTS.promotionsTable} sx={{ borderTop: 1, borderColor: 'divider' }}>
        <Table size="small" aria-label={INSIGHT_TEXTS.promotionsTitle} sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              {[INSIGHT_TEXTS.colCode, INSIGHT_TEXTS.colDiscount, INSIGHT_TEXTS.colValidUntil, INSIGHT_TEXTS.colDuration, INSIGHT_TEXTS.colRedemptions, INSIGHT_TEXTS.colState].map((label, i) => (
                <TableCell key={label} align={i === 1 || i === 4 ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {codes.data.map((code) => (
              <TableRow key={code.id} data-testid="promotion-code" sx={code.active ? undefined : { '& td': { color: 'text.secondary' } }}>
                <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>{code.code}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatDiscount(code)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{code.valid_until ? formatDate(code.valid_until) : INSIGHT_TEXTS.unlimited}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonths(code.duration_months)}</TableCell>
                <TableCell align="right">{code.redemptions}</TableCell>
                <TableCell>
                  <Chip size="small" label={code.active ? INSIGHT_TEXTS.active : INSIGHT_TEXTS.inactive} color={code.active ? 'success' : 'default'} variant="outlined" />
                </TableCell>
                <TableCell align="right" sx={{ py: 0.5 }}>
                  {code.active && (
                    <Button size="small" color="error" onClick={() => setDeactivating(code)} aria-label={INSIGHT_TEXTS.deactivateLabel(code.code)}>
                      {INSIGHT_TEXTS.deactivate}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Card component="section" aria-labelledby="insight-promotions-title" sx={{ maxWidth: 'none', minWidth: 0, pb: 2 }}>
      <Box sx={{ p: { xs: 2.5, sm: 3 }, pb: 2 }}>
        <Typography id="insight-promotions-title" variant="h6" component="h2">
          {INSIGHT_TEXTS.promotionsTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {INSIGHT_TEXTS.promotionsInfo}
        </Typography>
      </Box>
      {body}
      {deactivating && (
        <ConfirmDialog
          title={INSIGHT_TEXTS.deactivateTitle}
          text={INSIGHT_TEXTS.deactivateText(deactivating.code)}
          confirmLabel={INSIGHT_TEXTS.deactivate}
          destructive
          pending={deactivate.isPending}
          onConfirm={() =>
            void deactivate
              .mutateAsync(deactivating.id)
              .then((result) => showSuccess(result.message))
              // The api client has shown the server's message.
              .catch(() => undefined)
              .finally(() => setDeactivating(null))
          }
          onClose={() => setDeactivating(null)}
        />
      )}
    </Card>
  );
}

type Field = 'code' | 'discount' | 'valid_until' | 'duration_months';
type Kind = 'percent' | 'amount';
const EMPTY = { code: '', percent: '', amount: '', valid_until: '', duration_months: '' };

function NewPromotionForm() {
  const [values, setValues] = useState(EMPTY);
  const [kind, setKind] = useState<Kind>('percent');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreatePromotionCode();
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name === 'percent' || name === 'amount' ? 'discount' : name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only what the form itself can tell; the server checks everything again (INSIGHT_MESSAGES).
    const found: Partial<Record<Field, string>> = {};
    const percent = Number(values.percent);
    const cents = parseEuroCents(values.amount);
    if (kind === 'percent' && !(Number.isInteger(percent) && percent >= 1 && percent <= 100)) found.discount = INSIGHT_TEXTS.discountInvalid;
    if (kind === 'amount' && cents === null) found.discount = INSIGHT_TEXTS.discountInvalid;
    const months = values.duration_months.trim();
    if (months && !/^\d+$/.test(months)) found.duration_months = INSIGHT_TEXTS.discountInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const input: PromotionCodeInput = {
      code: values.code.trim(),
      percent_off: kind === 'percent' ? percent : null,
      amount_off_cents: kind === 'amount' ? cents : null,
      valid_until: values.valid_until || null,
      duration_months: months ? Number(months) : null,
    };
    try {
      const result = await create.mutateAsync(input);
      showSuccess(result.message);
      setValues(EMPTY);
    } catch (failure) {
      const message = fieldErrorOf(failure);
      if (message === null) return;
      const fields = failure instanceof ApiError ? failure.fields : {};
      const next: Partial<Record<Field, string>> = {};
      if (fields.code?.[0]) next.code = fields.code[0];
      const discount = fields.percent_off?.[0] ?? fields.amount_off_cents?.[0];
      if (discount) next.discount = discount;
      if (fields.valid_until?.[0]) next.valid_until = fields.valid_until[0];
      if (fields.duration_months?.[0]) next.duration_months = fields.duration_months[0];
      // A message no field shows (e.g. "Diesen Gutscheincode gibt es bereits.") goes on the code.
      if (!Object.values(next).includes(message)) next.code ??= message;
      setErrors(next);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="insight-promotion-new-title"
      sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none', minWidth: 0 }}
    >
      <Typography id="insight-promotion-new-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {INSIGHT_TEXTS.newPromotion}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}
      >
        <TextField
          label={INSIGHT_TEXTS.code}
          value={values.code}
          onChange={set('code')}
          error={!!errors.code}
          helperText={errors.code ?? INSIGHT_TEXTS.codeHelp}
          required
          autoComplete="off"
          htmlInput={{ maxLength: 64, spellCheck: false }}
        />
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <FormLabel id="insight-promotion-kind" sx={{ fontSize: '0.875rem' }}>
              {INSIGHT_TEXTS.discountKind}
            </FormLabel>
            <RadioGroup row aria-labelledby="insight-promotion-kind" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
              <FormControlLabel value="percent" control={<Radio size="small" />} label={INSIGHT_TEXTS.percent} />
              <FormControlLabel value="amount" control={<Radio size="small" />} label={INSIGHT_TEXTS.amount} />
            </RadioGroup>
          </Box>
          {kind === 'percent' ? (
            <TextField
              key="percent"
              label={INSIGHT_TEXTS.percentLabel}
              type="number"
              value={values.percent}
              onChange={set('percent')}
              error={!!errors.discount}
              helperText={errors.discount}
              required
              htmlInput={{ min: 1, max: 100, step: 1, inputMode: 'numeric' }}
            />
          ) : (
            <TextField
              key="amount"
              label={INSIGHT_TEXTS.amountLabel}
              value={values.amount}
              onChange={set('amount')}
              error={!!errors.discount}
              helperText={errors.discount}
              required
              autoComplete="off"
              htmlInput={{ inputMode: 'decimal' }}
            />
          )}
        </Box>
        <TextField
          label={INSIGHT_TEXTS.validUntil}
          type="date"
          value={values.valid_until}
          onChange={set('valid_until')}
          error={!!errors.valid_until}
          helperText={errors.valid_until}
          shrinkLabel
        />
        <TextField
          label={INSIGHT_TEXTS.durationMonths}
          type="number"
          value={values.duration_months}
          onChange={set('duration_months')}
          error={!!errors.duration_months}
          helperText={errors.duration_months ?? INSIGHT_TEXTS.durationHelp}
          htmlInput={{ min: 1, max: 120, step: 1, inputMode: 'numeric' }}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" startIcon={<AddIcon />} loading={create.isPending}>
            {INSIGHT_TEXTS.save}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}
