import { describe, expect, it } from 'vitest';
import { parseCells, parseList, textCells } from './rows';

const rowsOf = (text: string) => {
  const parsed = parseList(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
};

describe('reading a quick order list', () => {
  it('reads SKU and quantity separated by a comma, a tab, a semicolon or spaces, and a SKU alone as one', () => {
    const { rows, problems } = rowsOf(
      'fca-10001, 3\nFCA-10002\t12\nFCA-10003;2\n  FCA-10004   7  \nFCA-10005',
    );
    expect(problems).toEqual([]);
    expect(rows.map(({ sku, qty, line }) => [line, sku, qty])).toEqual([
      [1, 'FCA-10001', 3],
      [2, 'FCA-10002', 12],
      [3, 'FCA-10003', 2],
      [4, 'FCA-10004', 7],
      [5, 'FCA-10005', 1],
    ]);
  });

  it('skips blank lines and a header line, keeping the line numbers of the text', () => {
    const { rows } = rowsOf('SKU,Quantity\r\n\r\nAPL-10001,4\r\n');
    expect(rows).toEqual([{ line: 3, sku: 'APL-10001', qty: 4, mergedLines: [] }]);
  });

  it('adds up a SKU named twice into its first row and says which lines were merged', () => {
    const { rows } = rowsOf('FCA-10001,2\nFCA-10002,1\nfca-10001,5');
    expect(rows).toEqual([
      { line: 1, sku: 'FCA-10001', qty: 7, mergedLines: [3] },
      { line: 2, sku: 'FCA-10002', qty: 1, mergedLines: [] },
    ]);
  });

  it('reports a line with a bad quantity or no SKU with a message, and keeps the others', () => {
    const { rows, problems } = rowsOf(
      'FCA-10001,two\n,5\nFCA-10002,0\nFCA-10003,100001\nFCA-10004,1\n"=HYPERLINK(1)",2',
    );
    expect(rows.map((row) => row.sku)).toEqual(['FCA-10004']);
    expect(problems).toEqual([
      { line: 1, text: 'FCA-10001, two', message: 'The quantity "two" is not a whole number.' },
      { line: 2, text: '5', message: 'This line has no SKU.' },
      { line: 3, text: 'FCA-10002, 0', message: 'The quantity must be at least 1.' },
      { line: 4, text: 'FCA-10003, 100001', message: 'The quantity must be at most 100,000.' },
      {
        line: 6,
        text: '=HYPERLINK(1), 2',
        message: '"=HYPERLINK(1)" is not a SKU: a SKU is letters and digits, with - _ . or / between them.',
      },
    ]);
  });

  it('reads quoted CSV cells', () => {
    expect(textCells('"FCA-10001","1,000"\n"A ""quoted"" cell",2')).toEqual([
      ['FCA-10001', '1,000'],
      ['A "quoted" cell', '2'],
    ]);
  });

  it('refuses an empty list and one longer than a quick order takes', () => {
    expect(parseList(' \n\n')).toEqual({
      ok: false,
      message: 'The list is empty: paste SKUs with quantities, or choose a file.',
    });
    const long = Array.from({ length: 1001 }, (_, i) => [`SKU-${i}`, '1']);
    expect(parseCells(long)).toEqual({
      ok: false,
      message: 'The list names 1,001 SKUs; a quick order takes at most 1,000. Split it into several orders.',
    });
    expect(parseCells(Array.from({ length: 1200 }, () => ['X', '1']))).toMatchObject({
      ok: false,
      message: expect.stringContaining('The list has 1,200 rows'),
    });
  });
});
