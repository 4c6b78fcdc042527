import { FILE_CHUNK_UNIT, MAX_FILE_CHUNK_CHARS } from '@storefront/contracts/crm-purchase-orders';

/**
 * A file's base64 text cut into uploadFile's chunks (C§7 chunking): in order, every one but the last the same
 * length, a multiple of 512 characters and at most MAX_FILE_CHUNK_CHARS.
 */
export function base64Chunks(base64: string, chunkChars = MAX_FILE_CHUNK_CHARS): string[] {
  const size = Math.max(FILE_CHUNK_UNIT, chunkChars - (chunkChars % FILE_CHUNK_UNIT));
  const chunks: string[] = [];
  for (let start = 0; start < base64.length; start += size) chunks.push(base64.slice(start, start + size));
  return chunks.length > 0 ? chunks : [''];
}

/** The base64 text of a file the buyer picked, read in the browser. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
