import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditDetail, berlinDay, formatDiscount, parseEuroCents } from './format.ts';

describe('Insight formatting', () => {
  it('writes discounts as percent or euros', () => {
    expect(formatDiscount({ percent_off: 20, amount_off_cents: null })).toBe('20\u00a0%');
    expect(formatDiscount({ percent_off: null, amount_off_cents: 5000 })).toBe('50,00\u00a0€');
  });

  it('reads typed euro amounts in cents', () => {
    expect(parseEuroCents('50')).toBe(5000);
    expect(parseEuroCents('49,90')).toBe(4990);
    expect(parseEuroCents('1.000,50')).toBe(100050);
    expect(parseEuroCents('12.5')).toBe(1250);
    expect(parseEuroCents('12,345')).toBeNull();
    expect(parseEuroCents('0')).toBeNull();
    expect(parseEuroCents('abc')).toBeNull();
  });

  it('takes the Berlin calendar day of a moment', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin.
    expect(berlinDay('2026-12-31T23:30:00.000Z')).toBe('2027-01-01');
    expect(berlinDay(null)).toBe('');
  });

  it('labels actions in German and keeps unknown ones', () => {
    expect(auditActionLabel('plan.changed')).toBe('Tarif geändert');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('shows before → after, live-login requests and plain fields', () => {
    expect(
      auditDetail({ detail: { before: { plan: 'trial', amountMikas: 3 }, after: { plan: 'team:monthly', amountMikas: 5 } } }),
    ).toBe('Tarif: trial → team:monthly · Mikas: 3 → 5');
    expect(
      auditDetail({ detail: { before: { amountUsers: 2, amountMikas: 2 }, after: { amountUsers: 5, amountMikas: 2 } } }),
    ).toBe('User: 2 → 5');
    expect(auditDetail({ detail: { before: 1, after: 2 } })).toBe('1 → 2');
    expect(auditDetail({ detail: { method: 'POST', path: '/api/filter', route: '/api/filter', status: 200 } })).toBe('POST /api/filter · 200');
    expect(
      auditDetail({ detail: { item: 'user', qty: 1, before: { users: 0, mikas: 2 }, after: { users: 1, mikas: 2 } } }),
    ).toBe('Extra-User: 0 → 1 · Art: User · Anzahl: 1');
    expect(auditDetail({ detail: { how: 'expired', at: '2026-11-23T15:00:00.000Z' } })).toBe('Ende: abgelaufen');
    expect(auditDetail({ detail: { soft: true, deleteStripeCustomer: false } })).toBe('Soft delete: ja · Stripe-Kunde löschen: nein');
    expect(auditDetail({ detail: { code: 'HERBST', percentOff: 20, amountOffCents: null, validUntil: '2027-02-28' } })).toBe(
      'Code: HERBST · Rabatt in %: 20 · Gültig bis: 28.02.2027',
    );
    expect(auditDetail({ detail: {} })).toBe('');
  });
});
