import { describe, expect, it } from 'vitest';
import { groupQuestions } from './topics.ts';

describe('offline topic grouping', () => {
  it('keeps Lieferzeit and Lieferkosten apart, joins a compound with its words, labels in the users’ spelling', () => {
    const questions = [
      'Wie lange ist die Lieferzeit?',
      'Welche Lieferzeit hat ein Sofa?',
      'Lieferzeit nach Österreich?',
      'Was sind die Lieferkosten?',
      'Wie hoch sind die Lieferkosten für ein Sofa?',
      'Lieferkosten in die Schweiz?',
      'Was kostet der Versand?',
      'Wie hoch sind die Versandkosten?',
      'Kann ich die Rückgabe online anmelden?',
      'Wie funktioniert die Rückgabe?',
    ];
    const { keys, labels } = groupQuestions(questions);
    const label = (i: number) => labels.get(keys[i]!);
    expect(new Set([keys[0], keys[1], keys[2]]).size).toBe(1);
    expect(new Set([keys[3], keys[4], keys[5]]).size).toBe(1);
    expect(keys[0]).not.toBe(keys[3]);
    expect(label(0)).toBe('Lieferzeit');
    expect(label(3)).toBe('Lieferkosten');
    expect(keys[6]).toBe(keys[7]);
    expect(keys[8]).toBe(keys[9]);
    expect(label(8)).toBe('Rückgabe');
  });
});
