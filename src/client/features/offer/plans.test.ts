import { describe, expect, it } from 'vitest';
import { bookingState, formatEuro, PLANS, presetPeriod, type BookingUser } from './plans.ts';

const user = (over: Partial<BookingUser> = {}): BookingUser => ({ slug: 'trial', billingPeriod: 'monthly', hasDefaultPaymentMethod: true, ...over });

describe('booking button (docs/product/plans.md)', () => {
  it('is bookable on the trial with a payment method, tooltip "Tarif buchen"', () => {
    expect(bookingState(user(), 'team', 'monthly')).toEqual({ kind: 'book', disabled: false, tooltip: 'Tarif buchen' });
  });

  it('is disabled without a payment method', () => {
    expect(bookingState(user({ hasDefaultPaymentMethod: false }), 'solo', 'yearly')).toEqual({
      kind: 'book',
      disabled: true,
      tooltip: 'Bitte lege zuerst eine Zahlungsmethode an',
    });
  });

  it('is disabled for every other plan and period while a paid plan runs', () => {
    for (const slug of ['solo', 'team', 'agency'] as const) {
      const running = user({ slug: 'team', billingPeriod: 'monthly' });
      const state = bookingState(running, slug, slug === 'team' ? 'yearly' : 'monthly');
      expect(state).toEqual({
        kind: 'book',
        disabled: true,
        tooltip: 'Du hast bereits einen laufenden Tarif. Für einen Wechsel, wende Dich bitte ans Mika Team',
      });
    }
  });

  it('shows "Gebucht" only on the current plan and period', () => {
    const agencyYearly = user({ slug: 'agency', billingPeriod: 'yearly' });
    expect(bookingState(agencyYearly, 'agency', 'yearly')).toEqual({ kind: 'booked' });
    expect(bookingState(agencyYearly, 'agency', 'monthly').kind).toBe('book');
    // The trial is no plan card: nothing shows as booked.
    for (const plan of PLANS) expect(bookingState(user(), plan.slug, 'monthly').kind).toBe('book');
  });

  it('treats "other" as unpaid: bookable with a payment method', () => {
    expect(bookingState(user({ slug: 'other' }), 'solo', 'monthly')).toMatchObject({ kind: 'book', disabled: false });
  });
});

describe('plan cards (docs/product/plans.md)', () => {
  it('carry the prices of the plan table', () => {
    expect(PLANS.map((p) => [p.slug, p.price.monthly, p.price.yearly])).toEqual([
      ['solo', 279, 2790],
      ['team', 690, 6900],
      ['agency', 1290, 12900],
    ]);
    expect(formatEuro(12900)).toBe('12.900 €');
  });

  it('mark roles, contact and publishing for Team and Agency, API only for Agency', () => {
    const available = (slug: string, label: string) => PLANS.find((p) => p.slug === slug)!.features.find((f) => f.label === label)!.available;
    expect(available('solo', 'Datenschutzfilter')).toBe(true);
    expect(available('solo', 'Rollen- und Rechtevergabe')).toBe(false);
    expect(available('team', 'Rollen- und Rechtevergabe')).toBe(true);
    expect(available('team', 'Mika-Veröffentlichung')).toBe(true);
    expect(available('team', 'API-Zugang')).toBe(false);
    expect(available('agency', 'API-Zugang')).toBe(true);
  });

  it('presets the toggle from the user period, monthly otherwise', () => {
    expect(presetPeriod('yearly')).toBe('yearly');
    expect(presetPeriod('monthly')).toBe('monthly');
    expect(presetPeriod('')).toBe('monthly');
  });
});
