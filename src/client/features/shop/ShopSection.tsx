import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { AutoAwesomeIcon } from '../../components/ui/icons/AutoAwesomeIcon.ts';
import { GroupAddIcon } from '../../components/ui/icons/GroupAddIcon.ts';
import { RemoveIcon } from '../../components/ui/icons/RemoveIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '../../components/ui/Dialog.ts';
import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Slider } from '../../components/ui/Slider.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EXTRA_MIKA_CREDITS, EXTRA_PRICES_CENTS } from '../../../shared/constants.ts';
import { SHOP_QTY, type ShopProduct } from '../../../shared/schemas/commerce.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { showError, showSuccess } from '../../state/snackbar-store.ts';
import { useShop } from '../../lib/assistants/index.ts';
import type { SectionProps } from '../../lib/section.ts';
import { useAddExtras } from './api/add-extras.ts';
import { useCancelExtras } from './api/cancel-extras.ts';
import { canShowCancel, cancelRefusal, clampQuantity } from './shop-rules.ts';
import { formatCents } from '../../lib/commerce/index.ts';
import { SHOP_TEXTS } from './texts.ts';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

interface Pending {
  action: 'add' | 'cancel';
  product: ShopProduct;
  qty: number;
}

/** The shop (docs/product/shop.md): extra Mikas and extra users, always through a confirm dialog. */
export default function ShopSection(_props: SectionProps) {
  const shop = useShop();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);

  let body: ReactNode;
  if (shop.isPending) {
    body = <Skeleton variant="rounded" height={360} aria-busy aria-label={SHOP_TEXTS.loading} />;
  } else if (shop.isError) {
    body = <LoadFailed query={shop} text={SHOP_TEXTS.loadFailed} />;
  } else if (shop.data.error) {
    body = (
      <Alert
        severity="info"
        data-testid="shop-error"
        action={
          // Extras come with a booked plan and a payment method: the way there, instead of a dead end.
          shop.data.error === COMMON_MESSAGES.shopNoPaymentMethod ? (
            <Button color="inherit" size="small" onClick={() => void navigate('/Billing')}>
              {SHOP_TEXTS.toBilling}
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={() => void navigate('/Offer')}>
              {SHOP_TEXTS.toPlans}
            </Button>
          )
        }
      >
        <AlertTitle>{SHOP_TEXTS.errorTitle}</AlertTitle>
        {shop.data.error}
      </Alert>
    );
  } else {
    const info = shop.data;
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <ExtraCard
          product="mika"
          icon={<AutoAwesomeIcon />}
          title={SHOP_TEXTS.mikaTitle}
          price={SHOP_TEXTS.mikaPrice}
          bonus={SHOP_TEXTS.mikaBonus}
          included={info.assistantLimitRegular}
          booked={info.assistantAddons}
          cancellations={(info.cancellations ?? []).filter((c) => c.item === 'mika')}
          onConfirm={setPending}
        />
        <ExtraCard
          product="user"
          icon={<GroupAddIcon />}
          title={SHOP_TEXTS.userTitle}
          price={SHOP_TEXTS.userPrice}
          bonus={SHOP_TEXTS.userBonus}
          included={info.userLimitRegular}
          booked={info.userAddons}
          cancellations={(info.cancellations ?? []).filter((c) => c.item === 'user')}
          onConfirm={setPending}
        />
      </Box>
    );
  }

  return (
    <>
      <SectionHeader title={SHOP_TEXTS.title} subtitle={SHOP_TEXTS.subtitle} />
      {body}
      {pending && <ConfirmDialog pending={pending} onClose={() => setPending(null)} />}
    </>
  );
}

interface ExtraCardProps {
  product: ShopProduct;
  icon: ReactNode;
  title: string;
  price: string;
  bonus: string;
  included: number;
  booked: number;
  /** Cancelled extras still running until the end of their paid period. */
  cancellations: { qty: number; until: string }[];
  onConfirm: (pending: Pending) => void;
}

// A calendar day (YYYY-MM-DD) in German: "31.12.2026".
const dayFormat = (day: string) => {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}.${m}.${y}` : day;
};

function ExtraCard({
  product,
  icon,
  title,
  price,
  bonus,
  included,
  booked,
  cancellations,
  onConfirm,
}: ExtraCardProps) {
  const [qty, setQty] = useState<number>(SHOP_QTY.min);
  // The field may hold a half-typed value; the slider and the buttons use the clamped one.
  const [typed, setTyped] = useState<string>(String(SHOP_QTY.min));
  const titleId = `shop-${product}-title`;
  const sliderId = `shop-${product}-slider-label`;

  const setBoth = (value: number) => {
    const clamped = clampQuantity(value);
    setQty(clamped);
    setTyped(String(clamped));
  };

  const cancel = () => {
    const refusal = cancelRefusal(product, qty, booked);
    if (refusal) {
      showError(refusal);
      return;
    }
    onConfirm({ action: 'cancel', product, qty });
  };

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid={`shop-${product}`}
      sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none', display: 'grid', gap: 2.5 }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            color: 'common.white',
            background: 'linear-gradient(135deg, #D63A40, #C2295E)',
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {price}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {bonus}
          </Typography>
        </Box>
      </Box>

      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}
      >
        <Stat label={SHOP_TEXTS.included} value={included} testId={`shop-${product}-included`} />
        <Stat label={SHOP_TEXTS.extras} value={booked} testId={`shop-${product}-extras`} />
        <Stat label={SHOP_TEXTS.total} value={included + booked} testId={`shop-${product}-total`} />
      </Box>
      {cancellations.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
          data-testid={`shop-${product}-cancellations`}
        >
          {cancellations.map((c) => (
            <Typography
              component="li"
              variant="body2"
              key={`${c.until}-${c.qty}`}
              sx={{ color: 'text.primary', fontWeight: 600 }}
            >
              {SHOP_TEXTS.cancelled(c.qty, dayFormat(c.until))}
            </Typography>
          ))}
        </Box>
      )}

      <Box>
        <Typography id={sliderId} variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {SHOP_TEXTS.quantityOf(product)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5 }}>
          <Slider
            value={qty}
            min={SHOP_QTY.min}
            max={SHOP_QTY.max}
            step={SHOP_QTY.step}
            marks
            valueLabelDisplay="auto"
            onChange={(_, value) => setBoth(value)}
            htmlInput={{ 'aria-labelledby': sliderId }}
            sx={{ flex: 1, mx: 1 }}
          />
          <TextField
            label={SHOP_TEXTS.quantity}
            type="number"
            size="small"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              const value = Number(event.target.value);
              if (event.target.value !== '' && Number.isFinite(value)) setQty(clampQuantity(value));
            }}
            onBlur={() => setBoth(Number(typed))}
            htmlInput={{
              min: SHOP_QTY.min,
              max: SHOP_QTY.max,
              step: SHOP_QTY.step,
              inputMode: 'numeric',
              'data-testid': `shop-${product}-qty`,
            }}
            sx={{ width: 96, flexShrink: 0 }}
          />
        </Box>
      </Box>

      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {canShowCancel(booked) && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<RemoveIcon />}
            onClick={cancel}
            aria-label={SHOP_TEXTS.cancelLabel(qty, product)}
          >
            {SHOP_TEXTS.cancel}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => onConfirm({ action: 'add', product, qty })}
          aria-label={SHOP_TEXTS.addLabel(qty, product)}
        >
          {SHOP_TEXTS.add}
        </Button>
      </Box>
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      <Typography
        component="dt"
        variant="caption"
        sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.3 }}
      >
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function ConfirmDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const add = useAddExtras();
  const cancel = useCancelExtras();
  const navigate = useNavigate();
  const mutation = pending.action === 'add' ? add : cancel;
  const priceCents = EXTRA_PRICES_CENTS[pending.product] * pending.qty;
  const confirm = () =>
    mutation.mutate(
      { product: pending.product, qty: pending.qty },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
          void navigate('/Shop');
        },
        onError: onClose,
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="shop-confirm-title"
      aria-describedby="shop-confirm-text"
      paperWidth={400}
    >
      <DialogTitle id="shop-confirm-title">
        {pending.action === 'add' ? SHOP_TEXTS.confirmAddTitle : SHOP_TEXTS.confirmCancelTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="shop-confirm-text">
          {pending.action === 'add'
            ? SHOP_TEXTS.confirmAdd(pending.qty, pending.product, formatCents(priceCents))
            : SHOP_TEXTS.confirmCancel(pending.qty, pending.product)}
          {pending.action === 'add' &&
            pending.product === 'mika' &&
            ` (+${EXTRA_MIKA_CREDITS * pending.qty} Credits pro Monat)`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{SHOP_TEXTS.no}</Button>
        <Button variant="contained" loading={mutation.isPending} onClick={confirm}>
          {SHOP_TEXTS.yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
