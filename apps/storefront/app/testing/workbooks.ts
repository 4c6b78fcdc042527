import { zip } from '../../../../packages/crm/test/fixtures/files';

/** Excel workbooks built in the tests, so they need no binary fixtures: good ones and the worst ones. */

const ns = 'http://schemas.openxmlformats.org';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A one-sheet workbook as Excel writes it, the cells given as inline strings or numbers; `sheetData` replaces
 * the rows' XML, `sharedStrings` adds the workbook's table of strings.
 */
export function workbook(
  rows: (string | number)[][],
  parts: { sheetData?: string; sharedStrings?: string[] } = {},
): Buffer {
  const cell = (value: string | number, ref: string) =>
    typeof value === 'number'
      ? `<c r="${ref}"><v>${value}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const sheetRows =
    parts.sheetData ??
    rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">${row.map((value, c) => cell(value, `${'AB'[c]}${r + 1}`)).join('')}</row>`,
      )
      .join('');
  const strings = parts.sharedStrings;
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
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
      (strings
        ? `<Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`
        : '') +
      '</Relationships>',
    ...(strings
      ? {
          'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}/spreadsheetml/2006/main">${strings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`,
        }
      : {}),
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

/** A zip archive that is no workbook. */
export const notAWorkbookArchive = () => zip({ 'a.txt': 'not a workbook' });

/** About 40 KB whose one shared string, the sheet's one cell, inflates to 40 MB. */
export const inflatingWorkbook = () =>
  workbook([], {
    sharedStrings: ['A'.repeat(40 * 1024 * 1024)],
    sheetData: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
  });

/** About 45 KB: two hundred parts of 100 KB each, 20 MB inflated. */
export const manyPartsArchive = () =>
  zip(
    Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`${index}.xml`, 'A'.repeat(100 * 1024)])),
  );

/** One cell in the sheet's last column and row: the parser would fill out a grid of 17 billion cells. */
export const farCellWorkbook = () =>
  workbook([], { sheetData: '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>' });
