import { COLORS } from '../../lib/theme-tokens.ts';
import { CheckCircleIcon } from '../../components/ui/icons/CheckCircleIcon.ts';
import { ReceiptIcon } from '../../components/ui/icons/ReceiptIcon.ts';
import { RemoveCircleIcon } from '../../components/ui/icons/RemoveCircleIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Link } from '../../components/ui/Link.ts';
import { ToggleButton, ToggleButtonGroup } from '../../components/ui/ToggleButton.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../components/ui/Dialog.ts';
import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Checkbox } from '../../components/ui/Checkbox.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BillingPeriod } from '../../../shared/constants.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { PART } from '../../components/ui/selectors.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import type { SectionProps } from '../../lib/section.ts';
import { useBookPlan } from './api/book-plan.ts';
import { useOpenCustomerPortal } from './api/get-customer-portal.ts';
import { PlanIllustration } from './PlanIllustration.tsx';
import { PLANS, bookingState, formatEuro, presetPeriod, type PlanCard } from './plans.ts';
import { OFFER_TEXTS } from './texts.ts';

/** The offer (docs/product/plans.md): period toggle, the three plans, booking with the agreement. */
export default function OfferSection({ user }: SectionProps) {
  const [period, setPeriod] = useState<BillingPeriod>(() => presetPeriod(user.billingPeriod));
  const [booking, setBooking] = useState<PlanCard | null>(null);
  const [success, setSuccess] = useState(false);
  const portal = useOpenCustomerPortal();

  return (
    <>
      <SectionHeader title={OFFER_TEXTS.title} subtitle={OFFER_TEXTS.subtitle} />

      <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
        {success && (
          <Alert severity="success" onClose={() => setSuccess(false)} data-testid="booking-success">
            <AlertTitle>{OFFER_TEXTS.successTitle}</AlertTitle>
            {OFFER_TEXTS.successText}
          </Alert>
        )}
        {!user.hasDefaultPaymentMethod ? (
          <Alert
            severity="info"
            data-testid="no-payment-method"
            action={
              user.paymentMethodLink ? (
                <Button
                  color="inherit"
                  size="small"
                  sx={{ whiteSpace: 'nowrap' }}
                  {...(user.paymentMethodLink.startsWith('/')
                    ? { component: RouterLink, to: user.paymentMethodLink }
                    : { href: user.paymentMethodLink })}
                >
                  {OFFER_TEXTS.addPaymentMethod}
                </Button>
              ) : undefined
            }
            sx={{ [PART.alertAction]: { alignItems: 'center' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <AlertTitle>{OFFER_TEXTS.noPaymentTitle}</AlertTitle>
            {OFFER_TEXTS.noPaymentText}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {OFFER_TEXTS.portalText}
            </Typography>
            <Button variant="outlined" startIcon={<ReceiptIcon />} loading={portal.isPending} onClick={() => portal.mutate()}>
              {OFFER_TEXTS.portal}
            </Button>
          </Box>
        )}
      </Box>

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 3 }}>
        <Typography id="offer-period-label" variant="body2" sx={{ color: 'text.secondary' }}>
          {OFFER_TEXTS.periodLabel}
        </Typography>
        <ToggleButtonGroup
          value={period}
          exclusive
          size="small"
          aria-labelledby="offer-period-label"
          // One period is always selected: a click on the selected one changes nothing.
          onChange={(_, value: BillingPeriod | null) => value && setPeriod(value)}
        >
          <ToggleButton value="monthly" sx={{ px: 2 }}>
            {OFFER_TEXTS.monthly}
          </ToggleButton>
          <ToggleButton value="yearly" sx={{ px: 2 }}>
            {OFFER_TEXTS.yearly}
          </ToggleButton>
        </ToggleButtonGroup>
        {period === 'yearly' && <Chip size="small" color="success" variant="outlined" label={OFFER_TEXTS.yearlyHint} />}
      </Box>

      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {PLANS.map((plan) => (
          <PlanCardView key={plan.slug} plan={plan} period={period} user={user} onBook={() => setBooking(plan)} />
        ))}
      </Box>

      {booking && (
        <BookDialog
          plan={booking}
          period={period}
          onClose={() => setBooking(null)}
          onBooked={() => {
            setBooking(null);
            setSuccess(true);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}
    </>
  );
}

function PlanCardView({ plan, period, user, onBook }: { plan: PlanCard; period: BillingPeriod; user: SectionProps['user']; onBook: () => void }) {
  const state = bookingState(user, plan.slug, period);
  const titleId = `plan-${plan.slug}-title`;
  const current = state.kind === 'booked';
  return (
    <Box component="li" sx={{ display: 'flex' }}>
      <Card
        component="article"
        aria-labelledby={titleId}
        data-testid={`plan-${plan.slug}`}
        sx={{
          p: { xs: 2.5, sm: 3 },
          maxWidth: 'none',
          width: '100%',
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
          outline: current ? 2 : 0,
          outlineColor: 'success.main',
        }}
      >
        <PlanIllustration slug={plan.slug} />
        <Box>
          <Typography id={titleId} variant="h5" component="h2">
            {plan.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {plan.text}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="p" variant="h4" sx={{ fontWeight: 700 }} data-testid="plan-price">
            {formatEuro(plan.price[period])}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {period === 'monthly' ? OFFER_TEXTS.perMonth : OFFER_TEXTS.perYear} · {OFFER_TEXTS.netHint}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={OFFER_TEXTS.mikas(plan.limits.mikas)} />
          <Chip size="small" label={OFFER_TEXTS.users(plan.limits.users)} />
          <Chip size="small" label={OFFER_TEXTS.credits(plan.limits.credits)} />
        </Box>
        <Box component="ul" aria-label={OFFER_TEXTS.featuresOf(plan.title)} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, flex: 1 }}>
          {plan.features.map((feature) => (
            <Box
              component="li"
              key={feature.label}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, color: feature.available ? 'text.primary' : 'text.secondary' }}
            >
              {feature.available ? (
                <CheckCircleIcon size="small" style={{ color: COLORS.success, marginTop: 1 }} />
              ) : (
                <RemoveCircleIcon size="small" style={{ color: COLORS.textSecondary, marginTop: 1 }} />
              )}
              <Typography variant="body2" component="span">
                {feature.label}
                <Box component="span" className="visually-hidden">
                  {`: ${feature.available ? OFFER_TEXTS.included : OFFER_TEXTS.notIncluded}`}
                </Box>
              </Typography>
            </Box>
          ))}
        </Box>
        {state.kind === 'booked' ? (
          <Button variant="outlined" color="success" disabled fullWidth data-testid="plan-booked">
            {OFFER_TEXTS.booked}
          </Button>
        ) : (
          // The wrapper keeps the hint's full-width span from stretching to the card's height.
          <Box>
            <Hint title={state.tooltip} disabled={state.disabled} label={`${OFFER_TEXTS.bookLabel(plan.title)}: ${state.tooltip}`} block>
              <Button variant="contained" fullWidth disabled={state.disabled} onClick={onBook} aria-label={OFFER_TEXTS.bookLabel(plan.title)}>
                {OFFER_TEXTS.book}
              </Button>
            </Hint>
          </Box>
        )}
      </Card>
    </Box>
  );
}

function BookDialog({ plan, period, onClose, onBooked }: { plan: PlanCard; period: BillingPeriod; onClose: () => void; onBooked: () => void }) {
  const [agreed, setAgreed] = useState(false);
  const book = useBookPlan();
  const legal = (href: string, label: string) => (
    <Link href={href} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
      {label}
    </Link>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="offer-book-title"
      aria-describedby="offer-book-text"
      paperWidth={400}
    >
      <DialogTitle id="offer-book-title">{OFFER_TEXTS.confirmTitle(plan.title)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id="offer-book-text">
          {OFFER_TEXTS.confirmText(plan.title, formatEuro(plan.price[period]), period === 'monthly' ? OFFER_TEXTS.perMonth : OFFER_TEXTS.perYear)}
        </DialogContentText>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mr: 0 }}
          control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} sx={{ mt: -0.75 }} />}
          label={
            <Typography variant="body2" component="span">
              {OFFER_TEXTS.agreeBefore}
              {legal('/avv', OFFER_TEXTS.avv)}, {legal('/agb', OFFER_TEXTS.agb)}, {legal('/sla', OFFER_TEXTS.sla)}
              {OFFER_TEXTS.agreeAnd}
              {legal('/datenschutz', OFFER_TEXTS.privacy)}
              {OFFER_TEXTS.agreeAfter}
            </Typography>
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{OFFER_TEXTS.cancel}</Button>
        <Button
          variant="contained"
          disabled={!agreed}
          loading={book.isPending}
          onClick={() => book.mutate({ slug: plan.slug, billingPeriod: period }, { onSuccess: onBooked })}
        >
          {OFFER_TEXTS.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
