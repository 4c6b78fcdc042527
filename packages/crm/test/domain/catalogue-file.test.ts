import { writeZip } from '@storefront/contracts/zip-archive';
import { describe, expect, it } from 'vitest';
import { readTiers, writeTiers } from '../../src/catalogue/import/cells';
import { checkCatalogueFile } from '../../src/catalogue/import/check-file';
import { readCatalogueFile, writeCatalogueFile } from '../../src/catalogue/import/files';
import { CatalogueFileRefused } from '../../src/catalogue/import/format';

const text = (value: string) => new TextEncoder().encode(value);

/** A workbook as Excel saves one: shared strings (one rich text), numbers, a boolean, an empty cell skipped. */
async function excelWorkbook(sheetData: string, strings: string[]): Promise<Uint8Array> {
  const ns = 'http://schemas.openxmlformats.org';
  return writeZip({
    '[Content_Types].xml': `<Types xmlns="${ns}/package/2006/content-types"/>`,
    'xl/workbook.xml': `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="7" r:id="rId3"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId3" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/products.xml"/></Relationships>`,
    'xl/sharedStrings.xml': `<sst xmlns="${ns}/spreadsheetml/2006/main">${strings.map((s) => `<si>${s}</si>`).join('')}</sst>`,
    'xl/worksheets/products.xml': `<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
  });
}

describe('quantity tiers in a cell', () => {
  it('reads ranges and an open last tier in any order, and writes them back sorted', () => {
    const tiers = readTiers(' 10+ : 108.00 ; 1-9:120 ;');
    expect(tiers).toEqual([
      { from: 1, to: 9, price: 120 },
      { from: 10, to: null, price: 108 },
    ]);
    expect(writeTiers(tiers)).toBe('1-9:120.00;10+:108.00');
    expect(readTiers('5:10.5')).toEqual([{ from: 5, to: 5, price: 10.5 }]);
  });

  it.each([
    ['1-9:120;9-20:110', 'tier 9-20 overlaps tier 1-9'],
    ['1+:120;10-20:110', 'tier 10-20 overlaps tier 1+'],
    ['9-1:120', 'tier 9-1 ends before it starts'],
    ['0-4:120', 'tier 0-4 must start at 1 or more'],
    ['1-4:12.345', '12.345 has more than 2 decimals'],
    ['1-4', "tier '1-4' is not from-to:price or from+:price"],
  ])('refuses %s: %s', (cell, message) => {
    expect(() => readTiers(cell)).toThrow(message);
  });
});

describe('reading a catalogue file', () => {
  it('reads CSV with quoted cells over several lines, semicolons as separators and a byte order mark', async () => {
    const table = await readCatalogueFile(
      text(
        '\uFEFFsku;name;specifications\r\nA-1;"Kit; 24";"Clone: X\nIsotype: ""G1"""\r\n\r\nA-2;Plate;\r\n',
      ),
      'csv',
    );
    expect(table.columns).toEqual(['sku', 'name', 'specifications']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['A-1', 'Kit; 24', 'Clone: X\nIsotype: "G1"'] },
      { row: 4, cells: ['A-2', 'Plate', ''] },
    ]);
  });

  it('refuses a quoted cell never closed and a file that is not UTF-8, naming the row', async () => {
    await expect(readCatalogueFile(text('sku,name\r\nA-1,"Kit\r\n'), 'csv')).rejects.toThrow(
      'Row 2 has a quoted cell that is never closed.',
    );
    await expect(readCatalogueFile(new Uint8Array([0x73, 0x6b, 0x75, 0xff]), 'csv')).rejects.toBeInstanceOf(
      CatalogueFileRefused,
    );
  });

  it('reads the first sheet of a workbook as Excel saves it: shared and rich strings, escapes, numbers and booleans', async () => {
    const bytes = await excelWorkbook(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>' +
        '<row r="3" spans="1:4"><c r="A3" t="inlineStr"><is><t>IPA-3</t></is></c><c r="B3" t="s"><v>4</v></c><c r="C3" s="1"><v>19.989999999999998</v></c><c r="D3" t="b"><v>1</v></c></row>',
      [
        '<t>sku</t>',
        '<t>name</t>',
        '<t>list_price</t>',
        '<t>discontinued</t>',
        '<r><rPr><b/></rPr><t xml:space="preserve">Laser &amp; </t></r><r><t>filter_x000D_</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh>',
      ],
    );
    const { rows, problems } = await checkCatalogueFile(bytes, 'xlsx');
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        row: 3,
        catalogue: null,
        sku: 'IPA-3',
        fields: { name: 'Laser & filter', listPrice: 19.99, discontinued: true },
      },
    ]);
  });

  it('refuses a sheet with a cell past the last column before reading more of it', async () => {
    const bytes = await excelWorkbook('<row r="1"><c r="ZZ1" t="inlineStr"><is><t>x</t></is></c></row>', []);
    await expect(readCatalogueFile(bytes, 'xlsx')).rejects.toThrow('Row 1 has a cell beyond column AN');
  });

  it('reads JSON rows, naming a value no cell holds and a broken object by their row', async () => {
    const table = await readCatalogueFile(
      text(
        '[{"sku":"A-1","list_price":12.5,"discontinued":false,"price":null},\n {"sku":"A-2","images":["x"]}]',
      ),
      'json',
    );
    expect(table.rows).toEqual([
      { row: 1, cells: ['A-1', '12.5', 'no', '', null] },
      { row: 2, cells: ['A-2', null, null, null, ''] },
    ]);
    expect(table.problems).toEqual([
      { row: 2, column: 'images', message: 'must be text, a number, true, false or null' },
    ]);
    await expect(readCatalogueFile(text('[{"sku":"A-1"},{"sku":}]'), 'json')).rejects.toThrow(
      'Row 2 is not valid JSON.',
    );
  });

  it.each(['csv', 'xlsx', 'json'] as const)('writes %s that reads back to the same cells', async (format) => {
    const columns = ['sku', 'name', 'description', 'list_price', 'discontinued', 'price'];
    const rows = [
      ['A-1', 'Kit, "24", µL', 'Line one\nLine two _x0041_ <b>&amp;</b>', '120.00', 'no', ''],
      ['A-2', '=SUM(1)', '-20 °C\ttab', '9.50', 'yes', '8.75'],
    ];
    const written = await writeCatalogueFile(format, columns, rows);
    const { rows: read } = await checkCatalogueFile(written, format);
    expect(
      read.map(({ sku, fields }) => [
        sku,
        fields.name,
        fields.description,
        fields.listPrice,
        fields.discontinued,
        fields.price,
      ]),
    ).toEqual([
      ['A-1', 'Kit, "24", µL', 'Line one\nLine two _x0041_ <b>&amp;</b>', 120, false, null],
      ['A-2', '=SUM(1)', '-20 °C\ttab', 9.5, true, 8.75],
    ]);
  });
});
