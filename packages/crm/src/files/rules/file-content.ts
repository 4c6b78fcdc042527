import type { PoFileExtension } from '@storefront/contracts';
import { readZip, type ZipLimits } from '@storefront/contracts/zip-archive';

/**
 * What a file is, told by its content rather than its name or what the browser claimed: the leading bytes
 * (magic numbers) of each type of spec C§5's document extensions, and for the Office Open XML types the main
 * part their [Content_Types].xml declares.
 */

type Family = 'pdf' | 'png' | 'jpeg' | 'ole2' | 'ooxml' | 'svg';

interface FileKind {
  family: Family;
  contentType: string;
  /** How a person names the type in a refusal. */
  label: string;
  /** Office Open XML: the content type of the package's main part. */
  mainPart?: string;
}

const OOXML = 'application/vnd.openxmlformats-officedocument';

export const FILE_KINDS: Readonly<Record<PoFileExtension, FileKind>> = {
  pdf: { family: 'pdf', contentType: 'application/pdf', label: 'a PDF document' },
  png: { family: 'png', contentType: 'image/png', label: 'a PNG image' },
  jpg: { family: 'jpeg', contentType: 'image/jpeg', label: 'a JPEG image' },
  jpeg: { family: 'jpeg', contentType: 'image/jpeg', label: 'a JPEG image' },
  svg: { family: 'svg', contentType: 'image/svg+xml', label: 'an SVG image' },
  doc: { family: 'ole2', contentType: 'application/msword', label: 'a Word 97-2003 document' },
  xls: { family: 'ole2', contentType: 'application/vnd.ms-excel', label: 'an Excel 97-2003 workbook' },
  ppt: {
    family: 'ole2',
    contentType: 'application/vnd.ms-powerpoint',
    label: 'a PowerPoint 97-2003 presentation',
  },
  docx: {
    family: 'ooxml',
    contentType: `${OOXML}.wordprocessingml.document`,
    label: 'a Word document',
    mainPart: `${OOXML}.wordprocessingml.document.main+xml`,
  },
  xlsx: {
    family: 'ooxml',
    contentType: `${OOXML}.spreadsheetml.sheet`,
    label: 'an Excel workbook',
    mainPart: `${OOXML}.spreadsheetml.sheet.main+xml`,
  },
  pptx: {
    family: 'ooxml',
    contentType: `${OOXML}.presentationml.presentation`,
    label: 'a PowerPoint presentation',
    mainPart: `${OOXML}.presentationml.presentation.main+xml`,
  },
};

const MAGIC: Readonly<Record<Exclude<Family, 'svg'>, Buffer>> = {
  pdf: Buffer.from('%PDF-', 'latin1'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  // The Compound File Binary header of Word, Excel and PowerPoint 97-2003.
  ole2: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  // A ZIP local file header: every Office Open XML package starts with one.
  ooxml: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
};

/**
 * Whether the file's first bytes can be the start of the type: checked on an upload's first chunk, so a
 * wrong file is refused before the rest of it is sent. (SVG is text; it is checked whole.)
 */
export function startsLike(extension: PoFileExtension, head: Buffer): boolean {
  const { family } = FILE_KINDS[extension];
  return family === 'svg' || head.subarray(0, MAGIC[family].length).equals(MAGIC[family]);
}

export type ContentCheck = { ok: true; contentType: string } | { ok: false; problem: string };

/** The file's content type when its content is what the extension says, else why not. */
export function checkFileContent(extension: PoFileExtension, file: Buffer): ContentCheck {
  const kind = FILE_KINDS[extension];
  const matches =
    kind.family === 'svg'
      ? isSvg(file)
      : startsLike(extension, file) && (kind.mainPart === undefined || declaresMainPart(file, kind.mainPart));
  if (matches) return { ok: true, contentType: kind.contentType };
  return { ok: false, problem: notWhatItSays(extension) };
}

export function notWhatItSays(extension: PoFileExtension): string {
  return `the file's content is not ${FILE_KINDS[extension].label}, as its .${extension} extension says; attach the file itself, not a renamed one.`;
}

/** SVG is XML whose root element is <svg>; the head is read past the declaration, comments and doctype. */
function isSvg(file: Buffer): boolean {
  let text = file.subarray(0, 64 * 1024).toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  for (;;) {
    text = text.trimStart();
    const skipped = skipPrologItem(text);
    if (skipped === null) break;
    text = skipped;
  }
  return /^<svg[\s>/]/.test(text);
}

/**
 * The text after one prolog item (XML declaration, processing instruction, comment or doctype), or null
 * when none starts it. A doctype with an internal subset (entity declarations) is not skipped, so it is
 * refused: entities are how XML files attack their readers.
 */
function skipPrologItem(text: string): string | null {
  const ends: [string, string][] = [
    ['<?', '?>'],
    ['<!--', '-->'],
  ];
  for (const [start, end] of ends) {
    if (!text.startsWith(start)) continue;
    const at = text.indexOf(end);
    return at < 0 ? null : text.slice(at + end.length);
  }
  if (/^<!DOCTYPE\s/i.test(text)) {
    const close = text.indexOf('>');
    const doctype = close < 0 ? '' : text.slice(0, close);
    return close < 0 || doctype.includes('[') ? null : text.slice(close + 1);
  }
  return null;
}

const CONTENT_TYPES = '[Content_Types].xml';
/**
 * [Content_Types].xml is a few KB; more than this is not an Office document (or a ZIP bomb). A presentation of
 * a few hundred slides has a few thousand entries.
 */
const PACKAGE_LIMITS: ZipLimits = { maxEntries: 10_000, maxInflatedBytes: 1024 * 1024 };

/** Whether the ZIP package's [Content_Types].xml declares the main part of the expected type. */
function declaresMainPart(file: Buffer, mainPart: string): boolean {
  const read = readZip(file, PACKAGE_LIMITS, (name) => name === CONTENT_TYPES);
  // A truncated or malformed archive, or one past the limits: not an Office document.
  const xml = read.ok ? read.entries.get(CONTENT_TYPES) : undefined;
  return !!xml?.toString('utf8').includes(`ContentType="${mainPart}"`);
}
