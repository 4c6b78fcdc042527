import { describe, expect, it } from 'vitest';
import {
  farCellWorkbook,
  inflatingWorkbook,
  manyPartsArchive,
  notAWorkbookArchive,
  workbook,
  XLSX_TYPE,
} from '../../testing/workbooks';
import { LIST_FILE_MAX_BYTES, readListFile } from './list-file.server';
import { WORKBOOK_MESSAGES } from './workbook.server';

const file = (name: string, content: Buffer | string, type = 'text/csv') =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name, { type });

describe('reading a quick order file', () => {
  it("reads an Excel workbook's first sheet: SKU and quantity columns under a header", async () => {
    const parsed = await readListFile(
      file(
        'order.xlsx',
        workbook([
          ['SKU', 'Qty'],
          ['FCA-10001', 4],
          ['APL-10002', 1],
        ]),
        XLSX_TYPE,
      ),
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, sku: 'FCA-10001', qty: 4, mergedLines: [] },
        { line: 3, sku: 'APL-10002', qty: 1, mergedLines: [] },
      ],
      problems: [],
    });
  });

  it('reads a CSV file, with or without a byte order mark', async () => {
    const parsed = await readListFile(file('order.csv', '\uFEFFFCA-10001,2\r\nFCA-10002,3\r\n'));
    expect(parsed).toMatchObject({
      ok: true,
      rows: [
        { sku: 'FCA-10001', qty: 2 },
        { sku: 'FCA-10002', qty: 3 },
      ],
    });
  });

  it('refuses another kind of file, an empty one, one too large and a workbook that is not one', async () => {
    expect(await readListFile(file('order.pdf', 'x'))).toEqual({
      ok: false,
      message: 'Choose a .csv, .txt or .xlsx file.',
    });
    expect(await readListFile(file('order.csv', ''))).toEqual({ ok: false, message: 'The file is empty.' });
    expect(await readListFile(file('order.csv', 'FCA-10001,1\n'.repeat(5000)))).toEqual({
      ok: false,
      message:
        'The file is 59 KB; a quick order file may be at most 48 KB (about 3,000 rows). Split it into several files.',
    });
    const notAWorkbook = {
      ok: false,
      message: 'The file is not an Excel workbook we can read; save it as .xlsx or .csv.',
    };
    expect(await readListFile(file('order.xlsx', 'SKU,Qty\n', XLSX_TYPE))).toEqual(notAWorkbook);
    expect(await readListFile(file('order.xlsx', notAWorkbookArchive(), XLSX_TYPE))).toEqual(notAWorkbook);
  });

  it('reads shared strings, and cuts a long cell short', async () => {
    const parsed = await readListFile(
      file(
        'order.xlsx',
        workbook([], {
          sharedStrings: ['FCA-10001', 'X'.repeat(500)],
          sheetData:
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row>' +
            '<row r="2"><c r="A2" t="s"><v>1</v></c></row>',
        }),
        XLSX_TYPE,
      ),
    );
    expect(parsed).toMatchObject({
      ok: true,
      rows: [{ line: 1, sku: 'FCA-10001', qty: 2 }],
      problems: [{ line: 2, text: 'X'.repeat(100) }],
    });
  });

  it('refuses, within a second, a small workbook that unpacks to tens of MB, has hundreds of parts or a far cell', async () => {
    const inflating = inflatingWorkbook();
    const manyParts = manyPartsArchive();
    const farCell = farCellWorkbook();
    for (const bytes of [inflating, manyParts, farCell])
      expect(bytes.length).toBeLessThan(LIST_FILE_MAX_BYTES);

    const started = performance.now();

    expect(await readListFile(file('order.xlsx', inflating, XLSX_TYPE))).toEqual({
      ok: false,
      message: WORKBOOK_MESSAGES['too-large'],
    });
    expect(await readListFile(file('order.xlsx', manyParts, XLSX_TYPE))).toEqual({
      ok: false,
      message: WORKBOOK_MESSAGES['too-many-entries'],
    });
    expect(await readListFile(file('order.xlsx', farCell, XLSX_TYPE))).toEqual({
      ok: false,
      message: WORKBOOK_MESSAGES.grid,
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts cells as the parser reads their addresses: prefixed, with entities, as exponents, after a quoted >', async () => {
    for (const sheetData of [
      '<row r="1"><c x:r="XFD1"><v>1</v></c></row>',
      '<row r="1"><c r="&#88;FD1"><v>1</v></c></row>',
      '<row r="1"><c r="A1e9"><v>1</v></c></row>',
      '<row r="1e9"><c r="A1"><v>1</v></c></row>',
      '<row r="1"><c t=">" r="XFD1"><v>1</v></c></row>',
    ]) {
      expect(
        await readListFile(file('order.xlsx', workbook([], { sheetData }), XLSX_TYPE)),
        sheetData,
      ).toEqual({
        ok: false,
        message: WORKBOOK_MESSAGES.grid,
      });
    }
  });
});
