import { COMMERCE_MESSAGES, COMMON_MESSAGES } from '../../../shared/messages.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';
import { AppError } from '../../platform/app-error.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/session.ts';
import { findInvoiceByUuid, listOpenInvoices, setInvoiceCancelled, setInvoicePaid, setOrderStatusByInvoice } from './billing.repository.ts';
import { createCreditNote, isOverdue } from './invoice.service.ts';
import { REMINDER_DAYS } from './invoice-files.ts';

/**
 * The operator's side of the invoice life cycle (Insight → Offene Rechnungen): open and overdue
 * invoices, "Als bezahlt markieren" and "Stornieren" with a reason (a credit note). Every change
 * is audited. The access rule `superadmin` refuses live-login sessions and everybody else.
 */

const DAY_MS = 86_400_000;

/** Days past the due date on `now` (0 while not overdue). */
const overdueDays = (dueAt: Date | null, now: Date) => (dueAt ? Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS)) : 0);

export async function listOpenItems(deps: Deps, auth: AuthContext, teamUuid?: string, now = new Date()) {
  requireAccess(auth, 'superadmin');
  const rows = await listOpenInvoices(deps.db, teamUuid);
  return {
    invoices: rows.map(({ invoice, teamUuid: uuid, teamName }) => {
        const buyer = JSON.parse(invoice.buyer) as BillingAddress;
        const days = isOverdue(invoice, now) ? overdueDays(invoice.dueAt, now) : 0;
        return {
          id: invoice.uuid,
          number: invoice.number,
          team_uuid: uuid,
          team_name: teamName ?? buyer.company,
          company: buyer.company,
          description: invoice.description,
          created_at: invoice.createdAt.toISOString(),
          due_at: invoice.dueAt?.toISOString() ?? null,
          total_cents: invoice.totalCents,
          overdue_days: days,
          reminders_sent: invoice.remindersSent,
          // After the last reminder nothing happens automatically: the operator follows up.
          flagged: invoice.remindersSent >= REMINDER_DAYS.length,
        };
      }),
  };
}

async function invoiceOr404(deps: Deps, uuid: string) {
  const invoice = /^[0-9a-f-]{36}$/i.test(uuid) ? await findInvoiceByUuid(deps.db, uuid) : null;
  if (!invoice || invoice.kind !== 'invoice') throw new AppError('NOT_FOUND', COMMON_MESSAGES.notFound);
  return invoice;
}

export async function markInvoicePaid(deps: Deps, auth: AuthContext, uuid: string) {
  requireAccess(auth, 'superadmin');
  const invoice = await invoiceOr404(deps, uuid);
  await deps.db.transaction(async (tx) => {
    const paid = await setInvoicePaid(tx, invoice.id, new Date());
    if (!paid) throw new AppError('CONFLICT', COMMERCE_MESSAGES.invoiceNotOpen);
    await setOrderStatusByInvoice(tx, invoice.id, 'paid');
    await recordAudit(tx, { ...auditFrom(auth), team: null, action: 'invoice.marked_paid', detail: { invoice: invoice.number, teamId: invoice.teamId } });
  });
  return { status: 'success' as const, message: COMMERCE_MESSAGES.invoiceMarkedPaid };
}

/** Cancels an invoice in full by a credit note (GS-…); the booked plan, extras or credits stay (decision 027). */
export async function cancelInvoice(deps: Deps, auth: AuthContext, uuid: string, reason: string) {
  requireAccess(auth, 'superadmin');
  const invoice = await invoiceOr404(deps, uuid);
  const number = await deps.db.transaction(async (tx) => {
    const cancelled = await setInvoiceCancelled(tx, invoice.id, reason, new Date());
    if (!cancelled) throw new AppError('CONFLICT', COMMERCE_MESSAGES.invoiceAlreadyCancelled);
    const note = await createCreditNote(tx, deps, cancelled, reason);
    await setOrderStatusByInvoice(tx, invoice.id, 'cancelled');
    await recordAudit(tx, { ...auditFrom(auth), team: null, action: 'invoice.cancelled', detail: { invoice: invoice.number, creditNote: note.number, reason, teamId: invoice.teamId } });
    return note.number;
  });
  return { status: 'success' as const, message: COMMERCE_MESSAGES.invoiceCancelled, credit_note: number };
}
