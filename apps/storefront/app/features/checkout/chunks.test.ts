import { FILE_CHUNK_UNIT, MAX_FILE_CHUNK_CHARS } from '@storefront/contracts/crm-purchase-orders';
import { describe, expect, it } from 'vitest';
import { base64Chunks } from './chunks';

describe('base64Chunks', () => {
  it('cuts a large file into equal chunks of whole units, the last one shorter, in order', () => {
    const text = 'A'.repeat(MAX_FILE_CHUNK_CHARS * 2 + 100);
    const chunks = base64Chunks(text);
    expect(chunks.map((chunk) => chunk.length)).toEqual([MAX_FILE_CHUNK_CHARS, MAX_FILE_CHUNK_CHARS, 100]);
    expect(chunks.join('')).toBe(text);
    expect(MAX_FILE_CHUNK_CHARS % FILE_CHUNK_UNIT).toBe(0);
  });

  it('rounds a chunk size down to whole 512-character units', () => {
    expect(base64Chunks('B'.repeat(2000), 1100).map((chunk) => chunk.length)).toEqual([1024, 976]);
  });

  it('sends a small file in one chunk', () => {
    expect(base64Chunks('QUJD')).toEqual(['QUJD']);
  });
});
