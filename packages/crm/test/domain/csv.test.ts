import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/core/csv';

describe('csvCell', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Anti-CD3, clone OKT3', '"Anti-CD3, clone OKT3"'],
    ['5" cuvette', '"5"" cuvette"'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
  ])('writes %j as %j (RFC 4180 quoting)', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('defuses the formula %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps numbers, negative ones too, as numbers', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(3)).toBe('3');
  });
});

describe('toCsv', () => {
  it('ends every record with CRLF', () => {
    expect(
      toCsv([
        ['SKU', 'Qty'],
        ['A-1', 2],
      ]),
    ).toBe('SKU,Qty\r\nA-1,2\r\n');
  });

  it('is empty for no rows', () => {
    expect(toCsv([])).toBe('');
  });
});
