import { base64Length, MAX_PO_FILE_BYTES } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { assembleChunks, chunkProblem, planUpload } from '../../src/files/rules/file-chunks';

/** The file's base64 cut into chunks of `size` characters. */
function chunksOf(file: Buffer, size: number): string[] {
  const text = file.toString('base64');
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

describe('the chunk protocol', () => {
  const file = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251));
  const chunks = chunksOf(file, 1024);

  it('plans a file from its first chunk and assembles it from its chunks', () => {
    const plan = planUpload(file.length, chunks.length, chunks[0] ?? '');
    expect(plan).toEqual({ fileSize: 5000, chunkSize: 1024, chunkCount: 7 });
    if ('problem' in plan) return;
    expect(chunks.map((chunk, index) => chunkProblem(plan, index, chunk))).toEqual(chunks.map(() => null));
    expect(assembleChunks(plan, chunks)?.equals(file)).toBe(true);
  });

  it('refuses a file over 10 MB before any of it is stored', () => {
    expect(planUpload(MAX_PO_FILE_BYTES + 1, 1000, 'A'.repeat(28_672))).toEqual({
      field: 'fileSize',
      problem: 'the file is 10.0 MB; a PO file may be at most 10.0 MB.',
    });
    expect('problem' in planUpload(MAX_PO_FILE_BYTES, 488, 'A'.repeat(28_672))).toBe(false);
  });

  it('wants chunks in multiples of 512 characters, and the count they make', () => {
    expect(planUpload(5000, 14, 'A'.repeat(500))).toMatchObject({ field: 'fileContent' });
    expect(planUpload(5000, 6, chunks[0] ?? '')).toEqual({
      field: 'chunkCount',
      problem: 'a file of 5000 bytes sent in chunks of 1024 base64 characters takes 7 chunks, not 6.',
    });
    expect(planUpload(5000, 1, 'A'.repeat(100))).toEqual({
      fileSize: 5000,
      chunkSize: base64Length(5000),
      chunkCount: 1,
    });
  });

  it('refuses a chunk of the wrong length or padded before the end', () => {
    const plan = { fileSize: 5000, chunkSize: 1024, chunkCount: 7 };
    expect(chunkProblem(plan, 2, 'A'.repeat(512))?.problem).toBe(
      'chunk 3 of 7 must be 1024 base64 characters (every chunk but the last as long as the first); it is 512.',
    );
    expect(chunkProblem(plan, 6, 'A'.repeat(1024))?.problem).toContain('must be 524');
    expect(chunkProblem(plan, 1, `${'A'.repeat(1022)}==`)?.problem).toContain('padding');
  });

  it('finds chunks that do not decode to the declared size', () => {
    const plan = { fileSize: 5001, chunkSize: 1024, chunkCount: 7 };
    expect(assembleChunks(plan, chunks)).toBeNull();
    expect(assembleChunks({ fileSize: 5000, chunkSize: 1024, chunkCount: 7 }, chunks.slice(0, 6))).toBeNull();
  });
});
