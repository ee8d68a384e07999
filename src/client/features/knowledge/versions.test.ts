import { describe, expect, it } from 'vitest';
import type { KnowledgeFile } from '../../../shared/schemas/knowledge.ts';
import { documentKey, earlierVersion } from './versions.ts';

const file = (name: string, created_at = '2026-01-01T10:00:00Z'): KnowledgeFile => ({
  uuid: `u-${name}-${created_at}`,
  id: 1,
  name,
  description: '',
  extension: name.slice(name.lastIndexOf('.') + 1),
  is_filtered: 0,
  size: 1,
  status: 'ready',
  error: null,
  passages: 1,
  created_at,
});

describe('a new version of a file the Mika has', () => {
  it('is named like it but for a date, a year, a version mark, «final», a copy number or the format', () => {
    for (const [a, b] of [
      ['Preisliste 2025.pdf', 'Preisliste 2026.pdf'],
      ['Preisliste_2025.xls', 'preisliste-2026-final.xlsx'],
      ['Urlaubsregelung Stand 01.03.2025.docx', 'Urlaubsregelung Stand 15.09.2026.docx'],
      ['Handbuch v2.pdf', 'Handbuch V3.1.pdf'],
      ['Handbuch Version 2.pdf', 'Handbuch (1).pdf'],
      ['Speisekarte 2026-03.pdf', 'Speisekarte 2026-04 neu.pdf'],
      ['Öffnungszeiten Sommer.docx', 'Öffnungszeiten Sommer – aktuell.docx'],
    ] as const)
      expect(documentKey(a), `${a} ~ ${b}`).toBe(documentKey(b));
  });

  it('is not a different document whose name only starts alike', () => {
    for (const [a, b] of [
      ['Preisliste Brot.pdf', 'Preisliste Kuchen.pdf'],
      ['Quartalsbericht Q1 2025.pdf', 'Quartalsbericht Q2 2025.pdf'],
      ['Filiale 12.pdf', 'Filiale 14.pdf'],
      ['Neukunden.pdf', 'Kunden.pdf'],
    ] as const)
      expect(documentKey(a), `${a} vs ${b}`).not.toBe(documentKey(b));
  });

  it('offers the file of the same name first, else the latest of a similar name, never one for a name that is only a date', () => {
    const files = [file('Preisliste 2024.pdf', '2024-01-02T00:00:00Z'), file('Preisliste 2025.pdf', '2025-01-02T00:00:00Z'), file('Preisliste 2026.pdf', '2026-01-02T00:00:00Z'), file('2025.pdf')];
    expect(earlierVersion('preisliste 2026.PDF', files)).toEqual({ file: files[2], exact: true });
    expect(earlierVersion('Preisliste 2027.pdf', files)).toEqual({ file: files[2], exact: false });
    expect(earlierVersion('2026.pdf', files)).toBeUndefined();
    expect(earlierVersion('Lieferzeiten.pdf', files)).toBeUndefined();
  });
});
