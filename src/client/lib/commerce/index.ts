// Commerce pieces more than one feature shows (shop, usage, billing): one entry.
export { formatCents } from './format-cents.ts';
export { getInvoiceUrl, useOpenInvoice } from './get-invoice-url.ts';
