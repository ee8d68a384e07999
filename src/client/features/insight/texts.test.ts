import { describe, expect, it } from 'vitest';
import { MCOM, MINS } from '../../../shared/messages.ts';
import { TI } from './texts.ts';

describe('Insight texts', () => {
  it('checks the forms with the server’s own wording', () => {
    expect(TI.qtyInvalid).toBe(MINS.qtyInvalid);
    expect(TI.trialDateInvalid).toBe(MINS.trialDateInvalid);
    expect(TI.discountInvalid).toBe(MINS.discountInvalid);
    expect(TI.cancelInvoiceReasonInvalid).toBe(MCOM.invoiceCancelReasonRequired);
  });
});
