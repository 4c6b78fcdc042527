import { describe, expect, it } from 'vitest';
import { sanitiseFileName } from '../../src/files/rules/file-names';

describe('sanitiseFileName', () => {
  it('keeps an ordinary name, with its extension in lower case', () => {
    expect(sanitiseFileName('PO 1001 signed.PDF')).toEqual({ name: 'PO 1001 signed.pdf', extension: 'pdf' });
    expect(sanitiseFileName('Bestellung Müller.docx')).toEqual({
      name: 'Bestellung Müller.docx',
      extension: 'docx',
    });
  });

  it('drops any directory part, Windows or Unix', () => {
    expect(sanitiseFileName('../../etc/passwd.png')?.name).toBe('passwd.png');
    expect(sanitiseFileName('C:\\Users\\ana\\po.xlsx')?.name).toBe('po.xlsx');
  });

  it('drops control characters, bidirectional overrides and characters Windows refuses', () => {
    expect(sanitiseFileName('po\r\n"quoted"<1>.pdf')?.name).toBe('poquoted1.pdf');
    // U+202E would show 'order\u202Efdp.exe' as 'orderexe.pdf'.
    expect(sanitiseFileName('order\u202Eexe.pdf')?.name).toBe('orderexe.pdf');
    expect(sanitiseFileName('  ..hidden.svg. ')?.name).toBe('hidden.svg');
  });

  it('refuses names whose extension is not a document extension of spec C§5', () => {
    expect(sanitiseFileName('invoice.exe')).toBeNull();
    expect(sanitiseFileName('invoice.pdf.html')).toBeNull();
    expect(sanitiseFileName('no-extension')).toBeNull();
    expect(sanitiseFileName('photo.gif')).toBeNull();
  });

  it('names a file that is only an extension, and shortens a long name keeping its extension', () => {
    expect(sanitiseFileName('.pdf')?.name).toBe('purchase-order.pdf');
    expect(sanitiseFileName('*.pdf')?.name).toBe('purchase-order.pdf');
    const long = sanitiseFileName(`${'ä'.repeat(300)}.pptx`);
    expect(long?.name).toHaveLength(120);
    expect(long?.name.endsWith('ä.pptx')).toBe(true);
  });
});
