import { describe, expect, it } from 'vitest';
import { formatRecordValue, NO_VALUE, recordLocale } from './record-format';

const us = { locale: 'en-US', currency: 'USD' };
const de = { locale: 'de_DE', currency: 'EUR' };
// Intl puts a narrow no-break space between time and AM/PM and a no-break space before the euro sign.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatRecordValue', () => {
  it('shows DATETIME as date and time in the viewer’s locale, in UTC', () => {
    expect(plain(formatRecordValue('2026-03-31T14:05:00.000Z', 'DATETIME', us))).toBe(
      'Mar 31, 2026, 2:05 PM UTC',
    );
    expect(plain(formatRecordValue('2026-03-31T14:05:00.000Z', 'DATETIME', de))).toBe(
      '31.03.2026, 14:05 UTC',
    );
  });

  it('shows DATE as the day alone, the same day whatever the time zone', () => {
    expect(formatRecordValue('2026-03-31', 'DATE', us)).toBe('Mar 31, 2026');
    expect(formatRecordValue('2026-03-31', 'DATE', de)).toBe('31.03.2026');
    expect(formatRecordValue('2026-03-31T23:30:00Z', 'DATE', us)).toBe('Mar 31, 2026');
  });

  it('shows TIME, as Salesforce sends it, as a time of day', () => {
    expect(plain(formatRecordValue('14:05:00.000Z', 'TIME', us))).toBe('2:05 PM');
    expect(formatRecordValue('14:05', 'TIME', de)).toBe('14:05');
  });

  it('shows DOUBLE with the locale’s separators and the digits it has', () => {
    expect(formatRecordValue(1234.5, 'DOUBLE', us)).toBe('1,234.5');
    expect(formatRecordValue('1234.125', 'DOUBLE', de)).toBe('1.234,125');
    expect(formatRecordValue(3, 'DOUBLE', us)).toBe('3');
  });

  it('shows DECIMAL with two decimals', () => {
    expect(formatRecordValue(1234.5, 'DECIMAL', us)).toBe('1,234.50');
    expect(formatRecordValue('0.125', 'DECIMAL', de)).toBe('0,13');
  });

  it('shows CURRENCY in the record’s currency, text after an opening parenthesis cut off', () => {
    expect(formatRecordValue(1234.5, 'CURRENCY', us)).toBe('$1,234.50');
    expect(formatRecordValue('1200.5 (USD 1,310.00)', 'CURRENCY', us)).toBe('$1,200.50');
    expect(plain(formatRecordValue('1200.5 (EUR)', 'CURRENCY', de))).toBe('1.200,50 €');
    expect(formatRecordValue('On request (call us)', 'CURRENCY', us)).toBe('On request');
    expect(formatRecordValue('(none)', 'CURRENCY', us)).toBe(NO_VALUE);
  });

  it('shows STRING and BOOLEAN as they are, and an empty value as a dash', () => {
    expect(formatRecordValue('Lab 4 reorder', 'STRING', us)).toBe('Lab 4 reorder');
    expect(formatRecordValue(true, 'BOOLEAN', us)).toBe('Yes');
    expect(formatRecordValue(false, 'BOOLEAN', us)).toBe('No');
    expect(formatRecordValue(null, 'DATETIME', us)).toBe(NO_VALUE);
    expect(formatRecordValue('', 'STRING', us)).toBe(NO_VALUE);
  });

  it('shows a value that does not read as its type as it is, never “Invalid Date” or NaN', () => {
    expect(formatRecordValue('soon', 'DATETIME', us)).toBe('soon');
    expect(formatRecordValue('n/a', 'DOUBLE', us)).toBe('n/a');
    expect(formatRecordValue('n/a', 'DATE', us)).toBe('n/a');
  });
});

describe('recordLocale', () => {
  it('reads an underscore as a hyphen and anything Intl refuses as en-US', () => {
    expect(recordLocale('de_DE')).toBe('de-DE');
    expect(recordLocale('*')).toBe('en-US');
    expect(recordLocale('')).toBe('en-US');
  });
});
