import { describe, expect, it } from 'vitest';
import { zip } from '../../../../../packages/crm/test/fixtures/files';
import { readListFile } from './list-file.server';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A one-sheet workbook as Excel writes it, the cells given as inline strings or numbers. */
function workbook(rows: (string | number)[][]): Buffer {
  const cell = (value: string | number, ref: string) =>
    typeof value === 'number'
      ? `<c r="${ref}"><v>${value}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((value, c) => cell(value, `${'AB'[c]}${r + 1}`)).join('')}</row>`,
    )
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  return zip({
    '[Content_Types].xml':
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships">` +
      '<sheets><sheet name="Order" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

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
    expect(await readListFile(file('order.xlsx', zip({ 'a.txt': 'not a workbook' }), XLSX_TYPE))).toEqual(
      notAWorkbook,
    );
  });
});
