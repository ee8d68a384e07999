import { CheckIcon } from '../../../components/ui/icons/CheckIcon.ts';
import { DoNotDisturbIcon } from '../../../components/ui/icons/DoNotDisturbIcon.ts';
import { Button } from '../../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../../components/ui/Dialog.ts';
import { Chip } from '../../../components/ui/Chip.ts';
import { Skeleton } from '../../../components/ui/Skeleton.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { useState, type FormEvent } from 'react';
import type { OpenInvoice } from '../../../../shared/schemas/commerce.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../state/snackbar-store.ts';
import { useCancelInvoice } from '../api/cancel-invoice.ts';
import { useOpenInvoices } from '../api/get-open-invoices.ts';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid.ts';
import { ActionCard } from '../ActionCard.tsx';
import { formatDate, formatEuroCents } from '../format.ts';
import { INSIGHT_TEXTS } from '../texts.ts';
import { ListRow } from '../../../components/ListRow.tsx';

const REASON = { min: 3, max: 500 } as const;

/**
 * Offene Rechnungen (issue 24): the team's unpaid invoices, oldest due date first, with how long
 * they are overdue and a flag once both reminders went out; "Als bezahlt markieren" (confirm) and
 * "Stornieren" (a reason; the server issues the credit note). Both are audited by the server.
 */
export function OpenInvoicesCard({ teamUuid }: { teamUuid: string }) {
  const invoices = useOpenInvoices(teamUuid);
  const [paying, setPaying] = useState<OpenInvoice | null>(null);
  const [cancelling, setCancelling] = useState<OpenInvoice | null>(null);
  const markPaid = useMarkInvoicePaid(teamUuid);

  const confirmPaid = async (invoice: OpenInvoice) => {
    try {
      showSuccess((await markPaid.mutateAsync(invoice.id)).message);
    } catch {
      // The api client has shown the server's message (e.g. no longer open).
    }
    setPaying(null);
  };

  let body;
  if (invoices.isPending) {
    body = <Skeleton variant="rounded" height={96} aria-busy aria-label={INSIGHT_TEXTS.invoicesLoading} />;
  } else if (invoices.isError) {
    body = <LoadFailed query={invoices} text={INSIGHT_TEXTS.invoicesLoadFailed} />;
  } else if (invoices.data.invoices.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>{INSIGHT_TEXTS.invoicesEmpty}</Typography>;
  } else {
    body = (
      <Box component="ul" aria-label={INSIGHT_TEXTS.invoicesTitle} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {invoices.data.invoices.map((invoice) => (
          <ListRow
            key={invoice.id}
            data-testid="insight-invoice"
          >
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="h3">
                  {invoice.number}
                </Typography>
                <Typography variant="subtitle2" component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatEuroCents(invoice.total_cents)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {INSIGHT_TEXTS.invoiceFacts(formatDate(invoice.created_at), formatDate(invoice.due_at))} · {invoice.description}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.75 }}>
                <Chip
                  size="small"
                  color={invoice.overdue_days > 0 ? 'warning' : 'default'}
                  label={invoice.overdue_days > 0 ? INSIGHT_TEXTS.invoiceOverdue(invoice.overdue_days) : INSIGHT_TEXTS.invoiceNotDue}
                  data-testid="insight-invoice-overdue"
                />
                {invoice.flagged ? (
                  <Chip size="small" color="error" label={INSIGHT_TEXTS.invoiceFlagged(invoice.reminders_sent)} data-testid="insight-invoice-flag" />
                ) : invoice.reminders_sent > 0 ? (
                  <Chip size="small" variant="outlined" label={INSIGHT_TEXTS.invoiceReminders(invoice.reminders_sent)} />
                ) : null}
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>
              <Button size="small" color="inherit" startIcon={<DoNotDisturbIcon />} aria-label={INSIGHT_TEXTS.cancelInvoiceLabel(invoice.number)} onClick={() => setCancelling(invoice)}>
                {INSIGHT_TEXTS.cancelInvoice}
              </Button>
              <Button
                size="small"
                variant="contained"
                startIcon={<CheckIcon />}
                aria-label={INSIGHT_TEXTS.markPaidLabel(invoice.number)}
                onClick={() => setPaying(invoice)}
              >
                {INSIGHT_TEXTS.markPaid}
              </Button>
            </Box>
          </ListRow>
        ))}
      </Box>
    );
  }

  return (
    <ActionCard id="insight-invoices" title={INSIGHT_TEXTS.invoicesTitle} info={INSIGHT_TEXTS.invoicesInfo} wide>
      {body}
      {paying && (
        <ConfirmDialog
          title={INSIGHT_TEXTS.markPaidTitle}
          text={INSIGHT_TEXTS.markPaidText(paying.number, formatEuroCents(paying.total_cents))}
          detail={INSIGHT_TEXTS.markPaidDetail}
          confirmLabel={INSIGHT_TEXTS.markPaid}
          pending={markPaid.isPending}
          onConfirm={() => void confirmPaid(paying)}
          onClose={() => setPaying(null)}
        />
      )}
      {cancelling && <CancelInvoiceDialog teamUuid={teamUuid} invoice={cancelling} onClose={() => setCancelling(null)} />}
    </ActionCard>
  );
}

function CancelInvoiceDialog({ teamUuid, invoice, onClose }: { teamUuid: string; invoice: OpenInvoice; onClose: () => void }) {
  const cancel = useCancelInvoice(teamUuid);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const length = reason.trim().length;
  const valid = length >= REASON.min && length <= REASON.max;
  const error = serverError ?? (touched && !valid ? INSIGHT_TEXTS.cancelInvoiceReasonInvalid : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    try {
      showSuccess((await cancel.mutateAsync({ invoiceId: invoice.id, reason: reason.trim() })).message);
      onClose();
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.reason?.[0] : undefined;
      if (field) setServerError(field);
      else if (err instanceof ApiError && !(err instanceof UnauthenticatedError) && !(err instanceof FeedbackRedirectError)) showError(err.userMessage);
    }
  };

  return (
    <Dialog
      open
      onClose={cancel.isPending ? undefined : onClose}
      aria-labelledby="insight-cancel-invoice-title"
      aria-describedby="insight-cancel-invoice-text"
      paperWidth={500}
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'contents' }}>
        <DialogTitle id="insight-cancel-invoice-title">{INSIGHT_TEXTS.cancelInvoiceTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id="insight-cancel-invoice-text" sx={{ color: 'text.primary' }}>
            {INSIGHT_TEXTS.cancelInvoiceText(invoice.number, formatEuroCents(invoice.total_cents))}
          </DialogContentText>
          <TextField
            label={INSIGHT_TEXTS.cancelInvoiceReason}
            required
            multiline
            minRows={2}
            autoFocus
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            error={Boolean(error)}
            helperText={error ?? INSIGHT_TEXTS.cancelInvoiceReasonHint}
            htmlInput={{ maxLength: REASON.max }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={cancel.isPending}>
            {INSIGHT_TEXTS.cancelInvoiceCancel}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={cancel.isPending}>
            {INSIGHT_TEXTS.cancelInvoice}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
