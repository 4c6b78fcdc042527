import { type ParsedList, parseCells, parseList } from './rows';
import { readFirstSheet, WORKBOOK_MESSAGES } from './workbook.server';

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
  if (!ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte))
    return { ok: false, message: WORKBOOK_MESSAGES.unreadable };
  const sheet = await readFirstSheet(bytes);
  return sheet.ok ? parseCells(sheet.rows) : sheet;
}
