import { describe, expect, it } from 'vitest';
import { documentFileName, linkableDocuments, parseDocumentFile } from './documents';

describe('product document paths', () => {
  it('names the datasheet, the SDS and a lot’s certificate', () => {
    expect(parseDocumentFile('datasheet.pdf')).toEqual({ kind: 'datasheet' });
    expect(parseDocumentFile('sds.pdf')).toEqual({ kind: 'sds' });
    expect(parseDocumentFile('coa-2610-10042.pdf')).toEqual({ kind: 'coa', lotNumber: '2610-10042' });
  });

  it('refuses any other file, and a lot number with more than letters, digits and hyphens', () => {
    for (const file of [
      'invoice.pdf',
      'datasheet.txt',
      'coa-.pdf',
      'coa-../x.pdf',
      'coa-a"b.pdf',
      'coa-a b.pdf',
    ])
      expect(parseDocumentFile(file)).toBeNull();
  });

  it('makes a download name that cannot break its header', () => {
    expect(documentFileName('FCA-10042', 'coa', '2610-10042')).toBe('FCA-10042-coa-2610-10042.pdf');
    expect(documentFileName('A"B;\r\nC/ D', 'datasheet')).toBe('A_B___C__D-datasheet.pdf');
  });

  it("links a product's own documents only at https addresses or the storefront's own paths", () => {
    const documents = [
      { title: 'Manual', url: 'https://docs.example.com/manual.pdf' },
      { title: 'Brochure', url: '/files/brochure.pdf' },
      { title: 'Plain', url: 'http://docs.example.com/plain.pdf' },
      { title: 'Script', url: 'javascript:alert(1)' },
      { title: 'Elsewhere', url: '//evil.example.com/x.pdf' },
      { title: 'Backslash', url: '/\\evil.example.com/x.pdf' },
    ];
    expect(linkableDocuments(documents).map((document) => document.title)).toEqual(['Manual', 'Brochure']);
  });
});
