import { ReceiptIcon } from '../../components/ui/icons/ReceiptIcon.ts';
import { ShoppingCartIcon } from '../../components/ui/icons/ShoppingCartIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Tab, Tabs } from '../../components/ui/Tabs.ts';
import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CHECKOUT_AMOUNT, type CreditMonth, type Order } from '../../../shared/schemas/commerce.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { lazyWithReload as lazy } from '../../lib/lazy-with-reload.ts';
import type { SectionProps } from '../../lib/section.ts';
import { useCredits } from './api/get-credits.ts';
import { useCreditsDaily } from './api/get-credits-daily.ts';
import { useCheckout } from './api/checkout.ts';
import { useCheckoutPreview } from './api/get-checkout-preview.ts';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from '../../lib/api-client.ts';
import { formatCents, useOpenInvoice } from '../../lib/commerce/index.ts';
import { useOrders } from './api/get-orders.ts';
import { creditChipColor, formatCredits, isValidTopUpAmount, monthLabel, monthParam, usedPercent } from './credit-chip.ts';
import { USAGE_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { ListRow } from '../../components/ListRow.tsx';

// The chart library comes only with the Verbrauch tab (docs/performance.md budgets).
const UsageChart = lazy(() => import('./UsageChart.tsx'));

const TABS = [USAGE_TEXTS.tabUsage, USAGE_TEXTS.tabTopUp] as const;
type TabName = (typeof TABS)[number];

/** The usage screen (docs/product/credits-and-billing.md): tabs Verbrauch and Aufladen; ?tab=Aufladen opens the second. */
export default function UsageSection(_props: SectionProps) {
  const [params, setParams] = useSearchParams();
  const tab: TabName = params.get('tab') === USAGE_TEXTS.tabTopUp ? USAGE_TEXTS.tabTopUp : USAGE_TEXTS.tabUsage;
  return (
    <>
      <SectionHeader title={USAGE_TEXTS.title} subtitle={USAGE_TEXTS.subtitle} />
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setParams(value === USAGE_TEXTS.tabUsage ? {} : { tab: value }, { replace: true })}
        aria-label={USAGE_TEXTS.tabsLabel}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} id={`usage-tab-${name}`} aria-controls={`usage-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`usage-panel-${tab}`} aria-labelledby={`usage-tab-${tab}`}>
        {tab === USAGE_TEXTS.tabUsage ? (
          <ConsumptionTab />
        ) : (
          <TopUpTab
            checkoutSuccess={params.get('checkout') === 'success'}
            confirmAmount={confirmAmount(params.get('amount'))}
            onConfirm={(amount) => setParams(amount === null ? { tab: USAGE_TEXTS.tabTopUp } : { tab: USAGE_TEXTS.tabTopUp, amount: String(amount) }, { replace: true })}
          />
        )}
      </Box>
    </>
  );
}

function LoadState({ query, height, children }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; height: number; children: () => ReactNode }) {
  if (query.isPending) return <Skeleton variant="rounded" height={height} aria-busy aria-label={USAGE_TEXTS.loading} />;
  if (query.isError)
    return <LoadFailed query={query} text={USAGE_TEXTS.loadFailed} />;
  return <>{children()}</>;
}

function CreditChip({ month, testId }: { month: CreditMonth; testId?: string }) {
  const percent = usedPercent(month);
  return <Chip size="small" color={creditChipColor(percent)} label={USAGE_TEXTS.chip(percent)} data-testid={testId} data-color={creditChipColor(percent)} />;
}

function ConsumptionTab() {
  const credits = useCredits();
  return (
    <LoadState query={credits} height={420}>
      {() => {
        const data = credits.data!;
        const { current } = data;
        return (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Card component="section" aria-labelledby="usage-current-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
                <Typography id="usage-current-title" variant="h6" component="h2">
                  {USAGE_TEXTS.currentTitle(monthLabel(current.month, current.year))}
                </Typography>
                <CreditChip month={current} testId="usage-chip" />
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
                <Stat label={USAGE_TEXTS.booked} value={current.booked} testId="usage-booked" />
                <Stat label={USAGE_TEXTS.used} value={current.used} testId="usage-used" />
                <Stat label={USAGE_TEXTS.added} value={current.added_from_orders} testId="usage-added" />
                <Stat label={USAGE_TEXTS.left} value={data.left} testId="usage-left" strong />
              </Box>
              <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mt: 1.5 }}>
                {USAGE_TEXTS.chipHint}
              </Typography>
            </Card>

            <ChartCard months={[current, ...data.past]} />

            <Card component="section" aria-labelledby="usage-past-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
              <Typography id="usage-past-title" variant="h6" component="h2" sx={{ mb: 2 }}>
                {USAGE_TEXTS.pastTitle}
              </Typography>
              {data.past.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {USAGE_TEXTS.pastEmpty}
                </Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="usage-past">
                  {data.past.map((month) => (
                    <ListRow
                      key={monthParam(month.month, month.year)}
                    >
                      <Typography variant="subtitle2" component="h3" sx={{ minWidth: 140 }}>
                        {monthLabel(month.month, month.year)}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1, minWidth: 200, display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
                        {[
                          `${USAGE_TEXTS.booked} ${formatCredits(month.booked)}`,
                          `${USAGE_TEXTS.used} ${formatCredits(month.used)}`,
                          `${USAGE_TEXTS.added} ${formatCredits(month.added_from_orders)}`,
                        ].map((part) => (
                          <Box component="span" key={part} sx={{ whiteSpace: 'nowrap' }}>
                            {part}
                          </Box>
                        ))}
                      </Typography>
                      <CreditChip month={month} />
                    </ListRow>
                  ))}
                </Box>
              )}
            </Card>
          </Box>
        );
      }}
    </LoadState>
  );
}

function Stat({ label, value, testId, strong = false }: { label: string; value: number; testId: string; strong?: boolean }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: strong ? 'rgba(47, 180, 122, 0.12)' : 'action.hover', minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {formatCredits(value)}
      </Typography>
    </Box>
  );
}

function ChartCard({ months }: { months: CreditMonth[] }) {
  const [month, setMonth] = useState(() => monthParam(months[0]!.month, months[0]!.year));
  const daily = useCreditsDaily(month);
  return (
    <Card component="section" aria-labelledby="usage-chart-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="usage-chart-title" variant="h6" component="h2">
          {USAGE_TEXTS.chartTitle}
        </Typography>
        <TextField
          select
          size="small"
          label={USAGE_TEXTS.chartMonth}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          nativeSelect
          sx={{ minWidth: 180 }}
        >
          {months.map((m) => (
            <option key={monthParam(m.month, m.year)} value={monthParam(m.month, m.year)}>
              {monthLabel(m.month, m.year)}
            </option>
          ))}
        </TextField>
      </Box>
      <LoadState query={daily} height={260}>
        {() => (
          <Suspense fallback={<Skeleton variant="rounded" height={260} aria-busy aria-label={USAGE_TEXTS.chartLoading} />}>
            <UsageChart data={daily.data!} />
          </Suspense>
        )}
      </LoadState>
    </Card>
  );
}

/** The confirmation before the purchase: credits, net, VAT by the billing address, gross. */
function ConfirmCard({ amount, onCancel }: { amount: number; onCancel: () => void }) {
  const preview = useCheckoutPreview(amount);
  const checkout = useCheckout();
  const [error, setError] = useState<string | null>(null);
  const order = async () => {
    setError(null);
    try {
      const { url } = await checkout.mutateAsync(amount);
      window.location.assign(url);
    } catch (err) {
      if (err instanceof UnauthenticatedError || err instanceof FeedbackRedirectError) return;
      setError(err instanceof ApiError ? (err.fields.amount?.[0] ?? err.userMessage) : USAGE_TEXTS.loadFailed);
    }
  };
  const data = preview.data;
  return (
    <Card component="section" aria-labelledby="usage-confirm-title" data-testid="checkout-confirm" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
      <Typography id="usage-confirm-title" variant="h6" component="h2">
        {USAGE_TEXTS.confirmTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2.5, maxWidth: 720 }}>
        {USAGE_TEXTS.confirmText}
      </Typography>
      <LoadState query={preview} height={180}>
        {() => (
          <>
            <Box
              component="dl"
              sx={{
                m: 0,
                maxWidth: 560,
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                rowGap: 1,
                // No column gap: the total's rule runs through both columns.
                '& dt': { pr: 3 },
                '& dt:not(:last-of-type)': { color: 'text.secondary' },
                '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
              }}
            >
              <Typography component="dt">{USAGE_TEXTS.confirmCredits}</Typography>
              <Typography component="dd" data-testid="confirm-amount">
                {formatCredits(data!.amount)}
              </Typography>
              <Typography component="dt">{USAGE_TEXTS.confirmNet}</Typography>
              <Typography component="dd" data-testid="confirm-net">
                {formatCents(data!.net_cents)}
              </Typography>
              <Typography component="dt">{USAGE_TEXTS.confirmVat(data!.vat_category, data!.vat_percent)}</Typography>
              <Typography component="dd" data-testid="confirm-vat">
                {formatCents(data!.vat_cents)}
              </Typography>
              <Typography component="dt" sx={{ fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 1 }}>
                {USAGE_TEXTS.confirmTotal}
              </Typography>
              <Typography component="dd" data-testid="confirm-total" sx={{ fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 1 }}>
                {formatCents(data!.total_cents)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, maxWidth: 720 }} data-testid="confirm-note">
              {data!.provider === 'stripe' ? USAGE_TEXTS.confirmStripeNote : data!.needs_address ? USAGE_TEXTS.confirmAddressNote : USAGE_TEXTS.confirmInvoiceNote}
            </Typography>
          </>
        )}
      </LoadState>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="confirm-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end', mt: 2.5 }}>
        <Button onClick={onCancel} disabled={checkout.isPending}>
          {USAGE_TEXTS.confirmCancel}
        </Button>
        <Button variant="contained" disabled={!data} loading={checkout.isPending} onClick={() => void order()}>
          {USAGE_TEXTS.confirmOrder}
        </Button>
      </Box>
    </Card>
  );
}

const STATUS: Record<Order['status'], { label: string; color: 'success' | 'warning' }> = {
  paid: { label: USAGE_TEXTS.statusPaid, color: 'success' },
  open: { label: USAGE_TEXTS.statusOpen, color: 'warning' },
  failed: { label: USAGE_TEXTS.statusFailed, color: 'warning' },
  cancelled: { label: USAGE_TEXTS.statusCancelled, color: 'warning' },
};

/** ?amount=N (the GET link /checkout?amount=N leads here): the amount to confirm, or null. */
function confirmAmount(value: string | null): number | null {
  return value !== null && isValidTopUpAmount(value) ? Number(value) : null;
}

const orderDate = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

function TopUpTab({
  checkoutSuccess,
  confirmAmount: confirming,
  onConfirm,
}: {
  checkoutSuccess: boolean;
  /** The amount shown in the confirmation (from ?amount=N), null while none is open. */
  confirmAmount: number | null;
  onConfirm: (amount: number | null) => void;
}) {
  const [amount, setAmount] = useState(String(confirming ?? CHECKOUT_AMOUNT.default));
  const [touched, setTouched] = useState(false);
  const orders = useOrders();
  const invoice = useOpenInvoice();
  const valid = isValidTopUpAmount(amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    // Nothing is bought yet: the confirmation shows the price; its button makes the purchase.
    onConfirm(Number(amount));
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {checkoutSuccess && (
        <Alert severity="success" data-testid="checkout-success">
          <AlertTitle>{USAGE_TEXTS.checkoutSuccessTitle}</AlertTitle>
          {USAGE_TEXTS.checkoutSuccessText}
        </Alert>
      )}
      <Card component="section" aria-labelledby="usage-topup-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
        <Typography id="usage-topup-title" variant="h6" component="h2">
          {USAGE_TEXTS.topUpTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2.5, maxWidth: 720 }}>
          {USAGE_TEXTS.topUpText}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label={USAGE_TEXTS.amount}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              // A changed amount is not the one confirmed: the card closes until bought again.
              if (confirming !== null) onConfirm(null);
            }}
            onBlur={() => setTouched(true)}
            error={touched && !valid}
            helperText={touched && !valid ? USAGE_TEXTS.amountInvalid : USAGE_TEXTS.amountHint}
            htmlInput={{ inputMode: 'numeric', 'data-testid': 'topup-amount' }}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          <Button type="submit" variant="contained" size="large" startIcon={<ShoppingCartIcon />} sx={{ mt: { sm: 0.5 } }}>
            {USAGE_TEXTS.buy}
          </Button>
        </Box>
      </Card>

      {confirming !== null && <ConfirmCard key={confirming} amount={confirming} onCancel={() => onConfirm(null)} />}

      <Card component="section" aria-labelledby="usage-orders-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
        <Typography id="usage-orders-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {USAGE_TEXTS.ordersTitle}
        </Typography>
        <LoadState query={orders} height={160}>
          {() =>
            orders.data!.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {USAGE_TEXTS.ordersEmpty}
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {orders.data!.map((order) => {
                  const status = STATUS[order.status] ?? STATUS.open;
                  return (
                    <ListRow
                      key={order.id}
                      data-testid="order"
                    >
                      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                        <Typography variant="subtitle2" component="h3">
                          {USAGE_TEXTS.orderTitle(formatCredits(order.amount))}
                        </Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {`${orderDate(order.created_at)} · ${formatCents(order.price_cents)}`}
                        </Typography>
                      </Box>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, ml: 'auto' }}>
                      <Chip size="small" color={status.color} label={status.label} data-testid="order-status" />
                      {order.stripe_invoice_id ? (
                        <Button
                          size="small"
                          startIcon={<ReceiptIcon />}
                          aria-label={USAGE_TEXTS.invoiceLabel(orderDate(order.created_at))}
                          loading={invoice.isPending && invoice.variables === order.stripe_invoice_id}
                          onClick={() => invoice.mutate(order.stripe_invoice_id!)}
                        >
                          {USAGE_TEXTS.invoice}
                        </Button>
                      ) : null}
                      </Box>
                    </ListRow>
                  );
                })}
              </Box>
            )
          }
        </LoadState>
      </Card>
    </Box>
  );
}
