import { describe, expect, it } from 'vitest';
import { FEEDBACKS, knownFeedback } from './feedback.ts';

const query = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('the feedback page shows only the product’s own feedback', () => {
  it('finds every feedback the product sends from its query', () => {
    for (const feedback of Object.values(FEEDBACKS)) {
      expect(knownFeedback(query(feedback))).toEqual(feedback);
    }
  });

  it('a made-up title or message, a changed button or a missing field is not shown', () => {
    const { registered, resetSent } = FEEDBACKS;
    expect(knownFeedback(query({ status: 'error', title: 'Konto gesperrt', message: 'Bitte melde Dich unter https://example.com an.' }))).toBeNull();
    expect(knownFeedback(query({ ...resetSent, message: 'Dein Konto wurde gesperrt.' }))).toBeNull();
    expect(knownFeedback(query({ ...registered, btnUrl: '/Offer' }))).toBeNull();
    expect(knownFeedback(query({ ...registered, btnText: 'Jetzt bezahlen' }))).toBeNull();
    expect(knownFeedback(query({ ...resetSent, btnUrl: '/' }))).toBeNull();
    expect(knownFeedback(query({ status: registered.status, title: registered.title, message: registered.message }))).toBeNull();
    expect(knownFeedback(query({}))).toBeNull();
  });
});
