import { describe, expect, it } from 'vitest';
import { COMMERCE_MESSAGES, INSIGHT_MESSAGES } from '../../../shared/messages.ts';
import { INSIGHT_TEXTS } from './texts.ts';

describe('Insight texts', () => {
  it('checks the forms with the server’s own wording', () => {
    expect(INSIGHT_TEXTS.qtyInvalid).toBe(INSIGHT_MESSAGES.qtyInvalid);
    expect(INSIGHT_TEXTS.trialDateInvalid).toBe(INSIGHT_MESSAGES.trialDateInvalid);
    expect(INSIGHT_TEXTS.discountInvalid).toBe(INSIGHT_MESSAGES.discountInvalid);
    expect(INSIGHT_TEXTS.cancelInvoiceReasonInvalid).toBe(COMMERCE_MESSAGES.invoiceCancelReasonRequired);
  });
});
