import { berlinDay } from '../../platform/berlin-time.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PrivateFile, PrivateFolderOwner } from '../../platform/file-sweep.ts';
import { independentParts } from '../../platform/jobs.ts';
import type { Db } from '../../db/client.ts';
import type { Invoice } from '../../db/schema/index.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';
import {
  countReminder,
  deleteExpiredInvoices,
  findInvoice,
  listRemindable,
  listUnrendered,
  referencedInvoiceFiles,
  setInvoiceFile,
} from './billing.repository.ts';
import { euro, germanDate, renderInvoicePdf, type Seller } from './invoice-document.ts';
import { INVOICE_RENDER_JOB, invoiceData, invoiceParties } from './invoice.service.ts';
import { applyDueExtraCancellations } from './extras.service.ts';

/**
 * Invoice files (docs/billing.md, "Invoices are written once"): each document is rendered ONCE,
 * right after its transaction commits, by a retried job; its bytes go to the private store with
 * their SHA-256 in the row, and every download returns exactly those bytes. The same job mails it.
 */
export const INVOICE_FOLDER = 'invoices';
export const INVOICE_DAILY_JOB = 'billing-daily';
/** 06:15 UTC: reminders, the end of cancelled extras, retention and a catch-up of unrendered files. */
const INVOICE_DAILY_CRON = '15 6 * * *';
/** Reminders when an invoice is this many days overdue (then Insight flags the team). */
export const REMINDER_DAYS = [7, 21] as const;
const DAY_MS = 86_400_000;

export function defineBillingJobs(deps: Deps) {
  deps.jobs.define<{ invoiceId: number }>(INVOICE_RENDER_JOB, async ({ invoiceId }) => renderAndStoreInvoice(deps, invoiceId), {
    retryLimit: 6,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  deps.jobs.define(INVOICE_DAILY_JOB, async () => {
    await runBillingDaily(deps);
  });
  deps.jobs.schedule(INVOICE_DAILY_JOB, INVOICE_DAILY_CRON);
}

export const invoiceFileName = (invoice: Pick<Invoice, 'kind' | 'number'>) => `${invoice.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung'}-${invoice.number}.pdf`;

/**
 * Renders one document and stores it once; idempotent (a retried or doubled job stores nothing
 * twice: the row takes the first file, a later one is removed again). Mails it in the same step.
 */
export async function renderAndStoreInvoice(deps: Deps, invoiceId: number): Promise<void> {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice || invoice.pdfFile) return;
  const data = await invoiceData(deps.db, deps.config.billing.seller, invoice);
  const pdf = await renderInvoicePdf(data);
  const name = await deps.privateFiles.put(INVOICE_FOLDER, 'pdf', pdf);
  const stored = await deps.db.transaction(async (tx) => {
    const row = await setInvoiceFile(tx, invoice.id, name, sha256(pdf));
    if (row) await mailDocument(deps, tx, row, data.seller, data.buyer, name);
    return row;
  });
  if (!stored) await deps.privateFiles.remove(INVOICE_FOLDER, name);
}

/** The mail that carries an invoice or credit note to the billing address's invoice e-mail ("Sie"). */
async function mailDocument(deps: Deps, tx: Db, invoice: Invoice, seller: Seller, buyer: BillingAddress, file: string) {
  const credit = invoice.kind === 'credit_note';
  const subject = credit ? `Stornorechnung ${invoice.number} von ${seller.name}` : `Ihre Rechnung ${invoice.number} von ${seller.name}`;
  const body = credit
    ? [
        'Guten Tag,',
        `anbei erhalten Sie die Stornorechnung ${invoice.number} über ${euro(invoice.totalCents)}. Sie hebt die Rechnung „${invoice.description.replace(/^Storno [^:]+: /, '')}“ vollständig auf. Einen bereits gezahlten Betrag erstatten wir Ihnen.`,
      ]
    : [
        'Guten Tag,',
        `anbei erhalten Sie die Rechnung ${invoice.number} über ${euro(invoice.totalCents)} für „${invoice.description}“.`,
        `Bitte überweisen Sie den Betrag bis zum ${germanDate(invoice.dueAt ?? invoice.createdAt)} unter Angabe der Rechnungsnummer auf das Konto IBAN ${seller.iban} (BIC ${seller.bic}).`,
      ];
  const text = [
    ...body,
    'Die PDF-Datei ist zugleich eine elektronische Rechnung nach EN 16931 (ZUGFeRD/Factur-X): Die Rechnungsdaten sind als XML darin enthalten.',
    `Bei Fragen erreichen Sie uns unter ${seller.contactEmail} oder ${seller.contactPhone}.`,
    `Mit freundlichen Grüßen\n${seller.name}`,
  ].join('\n\n');
  await deps.mailer.send(
    {
      to: buyer.invoice_email,
      subject,
      text,
      teamId: invoice.teamId,
      attachments: [{ filename: invoiceFileName(invoice), folder: INVOICE_FOLDER, name: file, contentType: 'application/pdf' }],
    },
    { tx },
  );
}

/** A polite payment reminder (Zahlungserinnerung) with the invoice attached. */
async function mailReminder(deps: Deps, tx: Db, invoice: Invoice, which: number) {
  const { seller, buyer } = invoiceParties(invoice, deps.config.billing.seller);
  const text = [
    'Guten Tag,',
    `sicher ist es Ihrer Aufmerksamkeit entgangen: Die Rechnung ${invoice.number} vom ${germanDate(invoice.createdAt)} über ${euro(invoice.totalCents)} war am ${germanDate(invoice.dueAt ?? invoice.createdAt)} fällig und ist bei uns noch nicht als bezahlt verbucht.`,
    `Bitte überweisen Sie den Betrag auf das Konto IBAN ${seller.iban} (BIC ${seller.bic}) unter Angabe der Rechnungsnummer. Die Rechnung finden Sie noch einmal im Anhang.`,
    'Falls Sie inzwischen bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.',
    `Mit freundlichen Grüßen\n${seller.name}`,
  ].join('\n\n');
  await deps.mailer.send(
    {
      to: buyer.invoice_email,
      subject: `${which === 1 ? 'Zahlungserinnerung' : '2. Zahlungserinnerung'}: Rechnung ${invoice.number}`,
      text,
      teamId: invoice.teamId,
      attachments: invoice.pdfFile ? [{ filename: invoiceFileName(invoice), folder: INVOICE_FOLDER, name: invoice.pdfFile, contentType: 'application/pdf' }] : [],
    },
    { tx },
  );
}

/** Sends the reminders that are due on `now`: 7 and 21 days after the due date, each once. */
export async function sendPaymentReminders(deps: Deps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const [index, days] of REMINDER_DAYS.entries()) {
    const before = new Date(now.getTime() - days * DAY_MS);
    for (const invoice of await listRemindable(deps.db, before, index + 1)) {
      // The first reminder is never skipped: an invoice 25 days overdue gets reminder 1 today, 2 next time.
      if (invoice.remindersSent !== index) continue;
      const counted = await deps.db.transaction(async (tx) => {
        if (!(await countReminder(tx, invoice.id, invoice.remindersSent))) return false;
        await mailReminder(deps, tx, invoice, index + 1);
        return true;
      });
      if (counted) sent++;
    }
  }
  return sent;
}

/** The daily billing run: reminders, extras whose paid period ended, retention, unrendered files. */
export async function runBillingDaily(deps: Deps, now = new Date()) {
  // A failing part (a mail that cannot be queued) must not hold back the others.
  const parts = independentParts(deps.log, 'billing daily run');
  let reminders = 0;
  let extras = 0;
  let expired = 0;
  await parts.part('reminders', async () => void (reminders = await sendPaymentReminders(deps, now)));
  await parts.part('extras', async () => void (extras = await applyDueExtraCancellations(deps, now)));
  await parts.part('expired invoices', async () => void (expired = await removeExpiredInvoices(deps, now)));
  // A render job that finally failed (or an invoice from before the render job) is tried again.
  await parts.part('unrendered files', async () => {
    for (const { id } of await listUnrendered(deps.db, new Date(now.getTime() - 10 * 60_000))) {
      await deps.jobs.send(INVOICE_RENDER_JOB, { invoiceId: id }, { singletonKey: `invoice-${id}` });
    }
  });
  if (reminders || extras || expired) deps.log.info({ reminders, extras, expired }, 'billing daily run');
  parts.finish();
  return { reminders, extras, expired };
}

/** Removes invoices and credit notes whose 10-year retention has ended, with their files. */
export async function removeExpiredInvoices(deps: Deps, now = new Date()): Promise<number> {
  const rows = await deps.db.transaction((tx) => deleteExpiredInvoices(tx, berlinDay(now)));
  for (const row of rows) if (row.pdfFile) await deps.privateFiles.remove(INVOICE_FOLDER, row.pdfFile);
  return rows.length;
}

/**
 * The invoice files: referenced by their rows. A purged team keeps them (teamFiles is empty): the
 * law keeps invoices for 10 years whatever happens to the customer (docs/dataprotection.md).
 */
export const invoiceFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder === INVOICE_FOLDER,
  referenced: (db, _folder, names) => referencedInvoiceFiles(db, names),
  teamFiles: (): Promise<PrivateFile[]> => Promise.resolve([]),
};
