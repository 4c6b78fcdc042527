import { describe, expect, it } from 'vitest';
import { checkFileContent, startsLike } from '../../src/files/rules/file-content';
import { jpeg, office, ole2, pdf, png, svg, zip } from '../fixtures/files';

describe('checkFileContent: a file is what its leading bytes say', () => {
  it.each([
    ['pdf', pdf(), 'application/pdf'],
    ['png', png(), 'image/png'],
    ['jpg', jpeg(), 'image/jpeg'],
    ['jpeg', jpeg(), 'image/jpeg'],
    ['doc', ole2(), 'application/msword'],
    ['xls', ole2(), 'application/vnd.ms-excel'],
    ['ppt', ole2(), 'application/vnd.ms-powerpoint'],
    ['docx', office('docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', office('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', office('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['svg', svg(), 'image/svg+xml'],
  ] as const)('takes a real .%s file as %s', (extension, file, contentType) => {
    expect(checkFileContent(extension, file)).toEqual({ ok: true, contentType });
  });

  it('refuses a file renamed to another type, saying what it should be', () => {
    expect(checkFileContent('pdf', png())).toEqual({
      ok: false,
      problem:
        "the file's content is not a PDF document, as its .pdf extension says; attach the file itself, not a renamed one.",
    });
    expect(checkFileContent('png', jpeg()).ok).toBe(false);
    expect(checkFileContent('jpg', Buffer.from('MZ\x90\x00 an executable', 'latin1')).ok).toBe(false);
  });

  it('tells Office documents apart by the main part their [Content_Types].xml names', () => {
    expect(checkFileContent('docx', office('xlsx')).ok).toBe(false);
    expect(checkFileContent('xlsx', office('pptx')).ok).toBe(false);
    // Any other ZIP archive is no Office document, whatever its name.
    expect(checkFileContent('docx', zip({ 'readme.txt': 'hello' })).ok).toBe(false);
    expect(checkFileContent('pptx', office('pptx').subarray(0, 40)).ok).toBe(false);
  });

  it('takes SVG only as XML with an <svg> root, and refuses entity declarations', () => {
    expect(checkFileContent('svg', Buffer.from('\uFEFF<svg viewBox="0 0 1 1"/>')).ok).toBe(true);
    expect(checkFileContent('svg', svg('<html><svg></svg></html>')).ok).toBe(false);
    expect(checkFileContent('svg', Buffer.from('<svgx/>')).ok).toBe(false);
    const entities = '<!DOCTYPE svg [<!ENTITY lol "lol">]><svg>&lol;</svg>';
    expect(checkFileContent('svg', Buffer.from(entities)).ok).toBe(false);
    const doctype =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>';
    expect(checkFileContent('svg', Buffer.from(doctype)).ok).toBe(true);
  });

  it('checks the start of a file from its first bytes alone', () => {
    expect(startsLike('pdf', pdf().subarray(0, 8))).toBe(true);
    expect(startsLike('docx', office('docx').subarray(0, 8))).toBe(true);
    expect(startsLike('doc', pdf().subarray(0, 8))).toBe(false);
    // SVG is text: only the whole file tells.
    expect(startsLike('svg', Buffer.from('anything'))).toBe(true);
  });
});
