import { zodResolver } from '@hookform/resolvers/zod';
import { ReceiptIcon } from '../../components/ui/icons/ReceiptIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  BILLING_COUNTRIES,
  CHECKOUT_AMOUNT,
  ZBillingAddress,
  type BillingAddress,
  type BillingAddressInput,
  type BillingAddressResponse,
  type Invoice,
} from '../../../shared/schemas/commerce.ts';
import { isEuCountry } from '../../../shared/vat.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { showServerErrors } from '../../lib/form-errors.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import type { SectionProps } from '../../lib/section.ts';
import { formatCents, useOpenInvoice } from '../../lib/commerce/index.ts';
import { useBillingAddress } from './api/get-billing-address.ts';
import { useInvoices } from './api/get-invoices.ts';
import { useSaveBillingAddress } from './api/save-billing-address.ts';
import { BILLING_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { ListRow } from '../../components/ListRow.tsx';

const FIELDS = ['company', 'street', 'postcode', 'city', 'country', 'vat_id', 'invoice_email', 'leitweg_id'] as const;

const regionNames = new Intl.DisplayNames(['de'], { type: 'region' });
/** The countries by their German names: Germany, Austria and Switzerland first, then A to Z. */
const COUNTRY_OPTIONS = (() => {
  const first: readonly string[] = ['DE', 'AT', 'CH'];
  const named = BILLING_COUNTRIES.map((code) => ({ code, name: regionNames.of(code) ?? code }));
  const rest = named.filter((c) => !first.includes(c.code)).sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return [...first.flatMap((code) => named.filter((c) => c.code === code)), ...rest];
})();

/** The checkout amount to continue with after saving (?next=checkout&amount=N), or null. */
function nextCheckout(params: URLSearchParams): number | null {
  if (params.get('next') !== 'checkout') return null;
  const amount = Number(params.get('amount') ?? CHECKOUT_AMOUNT.default);
  return Number.isInteger(amount) && amount >= CHECKOUT_AMOUNT.min && amount <= CHECKOUT_AMOUNT.max ? amount : CHECKOUT_AMOUNT.default;
}

/**
 * The billing page (no menu entry; owner): the billing address — with the provider "Rechnung" the
 * payment method — and the invoices. paymentMethodLink and customerPortalLink lead here.
 */
export default function BillingSection({ user }: SectionProps) {
  const address = useBillingAddress();
  const [params] = useSearchParams();
  const next = nextCheckout(params);

  return (
    <>
      <SectionHeader title={BILLING_TEXTS.title} subtitle={BILLING_TEXTS.subtitle} />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {next !== null && (
          <Alert severity="info" data-testid="billing-next-checkout">
            {BILLING_TEXTS.nextCheckout}
          </Alert>
        )}
        {address.isPending ? (
          <Skeleton variant="rounded" height={420} aria-busy aria-label={BILLING_TEXTS.loading} />
        ) : address.isError ? (
          <LoadFailed query={address} text={BILLING_TEXTS.loadFailed} />
        ) : (
          <AddressForm data={address.data} defaultEmail={user.email} next={next} />
        )}
        <InvoicesCard />
      </Box>
    </>
  );
}

function AddressForm({ data, defaultEmail, next }: { data: BillingAddressResponse; defaultEmail: string; next: number | null }) {
  const save = useSaveBillingAddress();
  const saved = data.address;
  const { control, handleSubmit, setError } = useForm<BillingAddressInput, unknown, BillingAddress>({
    resolver: zodResolver(ZBillingAddress),
    mode: 'onTouched',
    defaultValues: {
      company: saved?.company ?? '',
      street: saved?.street ?? '',
      postcode: saved?.postcode ?? '',
      city: saved?.city ?? '',
      country: saved?.country ?? 'DE',
      vat_id: saved?.vat_id ?? '',
      invoice_email: saved?.invoice_email ?? defaultEmail,
      leitweg_id: saved?.leitweg_id ?? '',
    },
  });

  const country = useWatch({ control, name: 'country' }) ?? 'DE';
  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      showSuccess(result.message);
      if (next !== null) window.location.assign(`/checkout?amount=${next}`);
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Card component="section" aria-labelledby="billing-address-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
      <Typography id="billing-address-title" variant="h6" component="h2">
        {BILLING_TEXTS.addressTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2.5 }}>
        {data.provider === 'stripe' ? BILLING_TEXTS.stripeInfo : BILLING_TEXTS.addressText}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' }, maxWidth: 880 }}
      >
        <FormTextField control={control} name="company" label={BILLING_TEXTS.company} required autoComplete="organization" sx={{ gridColumn: { sm: 'span 6' } }} />
        <FormTextField control={control} name="street" label={BILLING_TEXTS.street} required autoComplete="street-address" sx={{ gridColumn: { sm: 'span 6' } }} />
        <FormTextField
          control={control}
          name="postcode"
          label={BILLING_TEXTS.postcode}
          required
          autoComplete="postal-code"
          htmlInput={{ inputMode: 'numeric' }}
          sx={{ gridColumn: { sm: 'span 2' } }}
        />
        <FormTextField control={control} name="city" label={BILLING_TEXTS.city} required autoComplete="address-level2" sx={{ gridColumn: { sm: 'span 4' } }} />
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={BILLING_TEXTS.country}
              required
              value={field.value ?? 'DE'}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              nativeSelect htmlInput={{ autoComplete: 'country' }}
              sx={{ gridColumn: { sm: 'span 3' } }}
            >
              {COUNTRY_OPTIONS.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="vat_id"
          label={BILLING_TEXTS.vatId}
          helperText={country !== 'DE' && isEuCountry(country) ? BILLING_TEXTS.vatIdHintEu : BILLING_TEXTS.vatIdHint}
          sx={{ gridColumn: { sm: 'span 3' } }}
        />
        <FormTextField
          control={control}
          name="invoice_email"
          label={BILLING_TEXTS.invoiceEmail}
          required
          type="email"
          autoComplete="email"
          sx={{ gridColumn: { sm: 'span 3' } }}
        />
        <FormTextField control={control} name="leitweg_id" label={BILLING_TEXTS.leitwegId} helperText={BILLING_TEXTS.leitwegIdHint} sx={{ gridColumn: { sm: 'span 3' } }} />
        <Box sx={{ gridColumn: { sm: 'span 6' }, display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {next !== null ? BILLING_TEXTS.saveAndContinue : BILLING_TEXTS.save}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}

// Spec: "bezahlt" green, anything else orange. A credit note has no payment status (it is issued):
// it is labelled with the invoice it cancels instead.
const STATUS: Record<Invoice['status'], { label: string; color: 'success' | 'warning' }> = {
  open: { label: BILLING_TEXTS.statusOpen, color: 'warning' },
  paid: { label: BILLING_TEXTS.statusPaid, color: 'success' },
  cancelled: { label: BILLING_TEXTS.statusCancelled, color: 'warning' },
  issued: { label: BILLING_TEXTS.statusIssued, color: 'warning' },
};

function StatusChip({ status }: { status: Invoice['status'] }) {
  const chip = STATUS[status] ?? STATUS.open;
  return <Chip size="small" color={chip.color} label={chip.label} data-testid="invoice-status" />;
}

const invoiceDate = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

function InvoicesCard() {
  const invoices = useInvoices();
  const open = useOpenInvoice();
  return (
    <Card component="section" aria-labelledby="billing-invoices-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
      <Typography id="billing-invoices-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {BILLING_TEXTS.invoicesTitle}
      </Typography>
      {invoices.isPending ? (
        <Skeleton variant="rounded" height={120} aria-busy aria-label={BILLING_TEXTS.loading} />
      ) : invoices.isError ? (
        <Alert severity="error">{BILLING_TEXTS.loadFailed}</Alert>
      ) : invoices.data.invoices.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {BILLING_TEXTS.invoicesEmpty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {invoices.data.invoices.map((invoice) => (
            <ListRow
              key={invoice.id}
              data-testid="invoice"
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3">
                  {invoice.number}
                </Typography>
                {invoice.kind === 'credit_note' && invoice.corrects && (
                  <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="invoice-corrects">
                    {BILLING_TEXTS.creditNoteFor(invoice.corrects)}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {[invoiceDate(invoice.created_at), invoice.description, invoice.status === 'open' && invoice.due_at ? BILLING_TEXTS.dueAt(invoiceDate(invoice.due_at)) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, ml: 'auto' }}>
              <Typography variant="subtitle2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatCents(invoice.total_cents)}
              </Typography>
              {invoice.kind === 'invoice' && <StatusChip status={invoice.status} />}
              <Button
                size="small"
                startIcon={<ReceiptIcon />}
                aria-label={BILLING_TEXTS.openLabel(invoice.number)}
                loading={open.isPending && open.variables === invoice.id}
                onClick={() => open.mutate(invoice.id)}
              >
                {BILLING_TEXTS.open}
              </Button>
              </Box>
            </ListRow>
          ))}
        </Box>
      )}
    </Card>
  );
}
