import { describe, expect, it } from 'vitest';
import { booleanText, builtInFormat, formatCell, isDateFormat } from './cell-format.ts';

// What a German Excel shows in the cell, for the value the file stores.
describe('spreadsheet cells as Excel shows them', () => {
  it('shows dates and times in German, by the built-in and by custom formats', () => {
    expect(formatCell(46082, builtInFormat(14))).toBe('01.03.2026');
    expect(formatCell(46082.5625, builtInFormat(22))).toBe('01.03.2026 13:30');
    expect(formatCell(0.5625, 'h:mm')).toBe('13:30');
    expect(formatCell(46082, 'd. mmmm yyyy')).toBe('1. März 2026');
    expect(formatCell(46082, 'dddd, dd.mm.yy')).toBe('Sonntag, 01.03.26');
    expect(formatCell(46082, '[$-407]mmmm yyyy;@')).toBe('März 2026');
    // Elapsed hours, and «mm» as minutes after hours, as months elsewhere.
    expect(formatCell(1.5, '[h]:mm:ss')).toBe('36:00:00');
    expect(formatCell(46082.75, 'mm/yyyy hh:mm')).toBe('03/2026 18:00');
    // The 1904 date system of old Mac workbooks.
    expect(formatCell(44620, 'dd.mm.yyyy', true)).toBe('01.03.2026');
  });

  it('shows numbers with German separators, currencies, percentages and sections for negatives and zero', () => {
    expect(formatCell(4.2, '#,##0.00 "€"')).toBe('4,20 €');
    expect(formatCell(1234567.891, builtInFormat(4))).toBe('1.234.567,89');
    expect(formatCell(-1234.5, '#,##0.00 [$€-407];[Red]-#,##0.00 [$€-407]')).toBe('-1.234,50 €');
    expect(formatCell(-3, '#,##0;(#,##0)')).toBe('(3)');
    expect(formatCell(0, '0;-0;"–"')).toBe('–');
    expect(formatCell(0.075, '0.0%')).toBe('7,5%');
    expect(formatCell(12345678, '#,##0,"Tsd"')).toBe('12.346Tsd');
    expect(formatCell(7, '"Stück" 0')).toBe('Stück 7');
    // The general format: no binary noise, a decimal comma, no grouping.
    expect(formatCell(0.1 + 0.2, 'General')).toBe('0,3');
    expect(formatCell(1250, 'General')).toBe('1250');
    expect(formatCell(-4.25, 'General')).toBe('-4,25');
  });

  it('tells date formats from number formats, literals and colours not counted', () => {
    for (const code of ['dd.mm.yyyy', 'h:mm', '[h]:mm:ss', 'mmm yy', '[$-407]mmmm yyyy;@']) expect(isDateFormat(code), code).toBe(true);
    for (const code of ['General', '0.00', '#,##0 "Tage"', '0 "h"', '[Red]0.00', '0.00E+00', '@']) expect(isDateFormat(code), code).toBe(false);
    expect(booleanText(true)).toBe('WAHR');
    expect(booleanText(false)).toBe('FALSCH');
  });
});
