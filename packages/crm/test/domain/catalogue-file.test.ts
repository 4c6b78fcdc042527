import { writeZip } from '@storefront/contracts/zip-archive';
import { describe, expect, it } from 'vitest';
import {
  readColdChain,
  readHazardClass,
  readSize,
  readTiers,
  readWeight,
  writeColdChain,
  writeSize,
  writeTiers,
} from '../../src/catalogue/import/cells';
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

describe('the shipping profile in cells', () => {
  it('reads a box in cm with x, X, × or *, a weight to the gram, cold chains and UN classes as a product master writes them', () => {
    expect(readSize('30 x 20 x 15')).toEqual({ lengthCm: 30, widthCm: 20, heightCm: 15 });
    expect(readSize(' 12.5X10×8 ')).toEqual({ lengthCm: 12.5, widthCm: 10, heightCm: 8 });
    expect(writeSize({ lengthCm: 12.5, widthCm: 10, heightCm: 8 })).toBe('12.5 x 10 x 8');
    expect(readWeight(' 0.25 ')).toBe(0.25);
    expect(readWeight('0.30000000000000004')).toBe(0.3);
    expect(['Ambient', 'none', 'Cold-Packs', 'cold_packs', 'DRY ICE'].map(readColdChain)).toEqual([
      'none',
      'none',
      'cold-packs',
      'cold-packs',
      'dry-ice',
    ]);
    expect(writeColdChain('dry-ice')).toBe('dry ice');
    expect(['8', 'Class 6.1', ' 2.2 '].map(readHazardClass)).toEqual(['8', '6.1', '2.2']);
  });

  it.each([
    ['weight_kg', readWeight, '-0.2', '-0.2 is negative; it must be a weight in kg such as 0.25'],
    ['weight_kg', readWeight, 'abc', "'abc' is not a weight in kg such as 0.25"],
    ['weight_kg', readWeight, '0.0005', '0.0005 has more than 3 decimals'],
    ['weight_kg', readWeight, '100000', '100000 is more than 99999.999'],
    ['size_cm', readSize, '30 x 20', "'30 x 20' is not length x width x height in cm, such as 30 x 20 x 15"],
    ['size_cm', readSize, 'abc', "'abc' is not length x width x height in cm"],
    ['size_cm', readSize, '30 x -2 x 5', '-2 is negative; it must be a length in cm such as 30'],
    ['size_cm', readSize, '30 x 20 x 15.25', '15.25 has more than 1 decimals'],
    ['cold_chain', readColdChain, 'frozen', "'frozen' is not ambient, cold packs, dry ice"],
    ['hazard_class', readHazardClass, 'abc', "'abc' is not a UN dangerous-goods class such as 3, 6.1 or 8"],
    ['hazard_class', readHazardClass, '10', "'10' is not a UN dangerous-goods class"],
  ] as [string, (text: string) => unknown, string, string][])(
    'refuses a %s of %s: %s',
    (_, read, cell, message) => {
      expect(() => read(cell)).toThrow(message);
    },
  );

  it('takes one profile per SKU: its rows of other catalogues agree or leave a cell empty, else the row is refused naming the column', async () => {
    const file = text(
      [
        'catalogue,sku,shippable,weight_kg,size_cm,cold_chain,hazard_class',
        ',ACM-1,yes,0.2,12 x 10 x 8,cold packs,8',
        'Contract,acm-1,,,,,',
        'Other,ACM-1,yes,0.25,12x10x8,Cold-Packs,Class 8',
      ].join('\r\n'),
    );
    const { rows, problems } = await checkCatalogueFile(file, 'csv');
    expect(problems).toEqual([
      {
        row: 4,
        column: 'weight_kg',
        message:
          'differs from the weight_kg of ACM-1 in row 2; a SKU has one shipping profile whichever catalogue',
      },
    ]);
    expect(
      rows.map(({ row, fields }) => [row, fields.weightKg, fields.coldChain, fields.hazardClass]),
    ).toEqual([
      [2, 0.2, 'cold-packs', '8'],
      [3, null, null, null],
      [4, 0.25, 'cold-packs', '8'],
    ]);
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
