import { readSheet } from 'read-excel-file/node';
import { type ParsedList, parseCells, parseList } from './rows';

/**
 * A quick order file: CSV (or plain text) or an Excel workbook's first sheet, read on the server. The size
 * limit keeps a whole upload inside the storefront's form limit; a thousand rows take about 15 KB.
 */
export const LIST_FILE_MAX_BYTES = 48 * 1024;
export const LIST_FILE_ACCEPT = '.csv,.txt,.xlsx';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export async function readListFile(file: File): Promise<ParsedList> {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!['csv', 'txt', 'xlsx'].includes(extension)) {
    return { ok: false, message: 'Choose a .csv, .txt or .xlsx file.' };
  }
  if (file.size === 0) return { ok: false, message: 'The file is empty.' };
  if (file.size > LIST_FILE_MAX_BYTES) {
    return {
      ok: false,
      message: `The file is ${Math.ceil(file.size / 1024)} KB; a quick order file may be at most ${LIST_FILE_MAX_BYTES / 1024} KB (about 3,000 rows). Split it into several files.`,
    };
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  if (extension !== 'xlsx') return parseList(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  // Checked by content, not by name: a workbook is a zip archive.
  const unreadable = {
    ok: false,
    message: 'The file is not an Excel workbook we can read; save it as .xlsx or .csv.',
  } as const;
  if (!ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte)) return unreadable;
  try {
    const sheet = await readSheet(bytes);
    return parseCells(sheet.map((row) => row.map(cellText)));
  } catch {
    return unreadable;
  }
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}
