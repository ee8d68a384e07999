import { describe, expect, it } from 'vitest';
import { maskContactData } from './masking.ts';

describe('masking contact data in question texts', () => {
  it('masks e-mail addresses, phone numbers, IBANs and filter terms; keeps the rest', () => {
    expect(maskContactData('Bitte an anna.schmidt@example.de schreiben')).toBe('Bitte an [verborgen] schreiben');
    expect(maskContactData('Ruf mich an: +49 170 1234567, danke')).toBe('Ruf mich an: [verborgen], danke');
    expect(maskContactData('Meine IBAN ist DE89 3704 0044 0532 0130 00.')).toBe('Meine IBAN ist [verborgen].');
    expect(maskContactData('Was kostet Projekt Falke?', ['Projekt Falke'])).toBe('Was kostet [verborgen]?');
    expect(maskContactData('Lieferzeit für 3 Sofas im Jahr 2026?')).toBe('Lieferzeit für 3 Sofas im Jahr 2026?');
  });
});
