import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

/** The message a person sees for `value` under `schema` (the first issue's). */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('zod fallback messages in plain German', () => {
  it('says what to do about a text that is too long or too short, with German thousands', () => {
    expect(messageOf(z.string().max(2000), 'x'.repeat(2001))).toBe('Bitte kürze den Text auf höchstens 2.000 Zeichen.');
    expect(messageOf(z.string().min(5), 'abc')).toBe('Bitte gib mindestens 5 Zeichen ein.');
    expect(messageOf(z.string().min(1), '')).toBe('Bitte fülle dieses Feld aus.');
  });

  it('asks for a missing field instead of naming the type that was received', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('Bitte fülle dieses Feld aus.');
    expect(messageOf(z.string(), 12)).toBe('Bitte gib einen Text ein.');
    expect(messageOf(z.number(), 'zwölf')).toBe('Bitte gib eine Zahl ein.');
    expect(messageOf(z.coerce.number(), 'dreitausend')).toBe('Bitte gib eine Zahl ein.');
    expect(messageOf(z.boolean(), 'ja')).toBe('Bitte gib Ja oder Nein an.');
    expect(messageOf(z.array(z.string()), 'a,b')).toBe('Bitte gib eine Liste an.');
    expect(messageOf(z.object({}), 'text')).toBe('Diese Angabe hat nicht die erwartete Form.');
  });

  it('reads exclusive bounds as the inclusive ones a person expects', () => {
    expect(messageOf(z.number().lt(10), 10)).toBe('Bitte gib eine Zahl bis 9 an.');
    expect(messageOf(z.number().gt(0), 0)).toBe('Bitte gib eine Zahl ab 1 an.');
    expect(messageOf(z.number().max(10_000), 20_000)).toBe('Bitte gib eine Zahl bis 10.000 an.');
    expect(messageOf(z.number().int(), 1e300)).toBe('Diese Zahl ist zu groß.');
    expect(messageOf(z.number().int(), -1e300)).toBe('Diese Zahl ist zu klein.');
    expect(messageOf(z.number().int(), 1.5)).toBe('Bitte gib eine ganze Zahl ein.');
  });

  it('names lists, choices and formats without the validator’s internals', () => {
    expect(messageOf(z.array(z.string()).max(3), ['a', 'b', 'c', 'd'])).toBe('Höchstens 3 Einträge sind möglich.');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Bitte gib mindestens einen Eintrag an.');
    expect(messageOf(z.enum(['can_use', 'can_edit']), 'x')).toBe('Bitte wähle einen der erlaubten Werte: can_use, can_edit.');
    expect(messageOf(z.email(), 'kein-at')).toBe('Bitte gib eine gültige E-Mail-Adresse an.');
    expect(messageOf(z.url(), 'nicht eine adresse')).toBe('Bitte gib eine gültige Adresse an (https://…).');
    expect(messageOf(z.uuid(), '123')).toBe('Diese Kennung ist ungültig.');
    expect(messageOf(z.string().regex(/^[\w-]+\.mp3$/), 'a.wav')).toBe('Die Eingabe hat nicht das erwartete Format.');
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', isAdmin: true })).toBe('Unbekannte Angabe: isAdmin.');
  });

  it('keeps a rule’s own message', () => {
    expect(messageOf(z.string().min(3, 'Name muss mindestens 3 Zeichen lang sein'), 'ab')).toBe('Name muss mindestens 3 Zeichen lang sein');
  });
});
