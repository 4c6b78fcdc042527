import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('names an ASCII file plainly', () => {
    expect(attachmentDisposition('PO 1001 (signed).pdf')).toBe('attachment; filename="PO 1001 (signed).pdf"');
  });

  it('adds the UTF-8 name of RFC 5987 beside an ASCII stand-in', () => {
    expect(attachmentDisposition('Bestellung Müller.docx')).toBe(
      'attachment; filename="Bestellung Muller.docx"; filename*=UTF-8\'\'Bestellung%20M%C3%BCller.docx',
    );
    expect(attachmentDisposition('注文書.pdf')).toBe(
      'attachment; filename="___.pdf"; filename*=UTF-8\'\'%E6%B3%A8%E6%96%87%E6%9B%B8.pdf',
    );
  });

  it('never lets a quote or backslash end the quoted name', () => {
    expect(attachmentDisposition('a"b\\c.pdf')).toBe(
      'attachment; filename="a_b_c.pdf"; filename*=UTF-8\'\'a%22b%5Cc.pdf',
    );
  });
});
