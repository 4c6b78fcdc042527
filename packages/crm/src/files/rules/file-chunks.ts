import { base64Length, FILE_CHUNK_UNIT, MAX_PO_FILE_BYTES } from '@storefront/contracts';

/**
 * The chunk protocol of uploadFile (docs/decisions/0018-po-numbers-and-files.md): the first chunk declares
 * the file's size and the number of chunks; every chunk but the last is as long as the first, a multiple of
 * spec C§7's 512 characters, so each chunk's length is known before it arrives and the size limit holds
 * from the first chunk on.
 */
export interface ChunkPlan {
  fileSize: number;
  /** Base64 characters of every chunk but the last. */
  chunkSize: number;
  chunkCount: number;
}

/** A refusal of the protocol, naming the payload field it is about. */
export interface ChunkProblem {
  field: 'fileSize' | 'fileContent' | 'chunkCount';
  problem: string;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** `what` names the file in the refusal: a PO file, or an attachment of a request. */
export function sizeProblem(fileSize: number, what = 'a PO file'): ChunkProblem | null {
  if (fileSize <= MAX_PO_FILE_BYTES) return null;
  return {
    field: 'fileSize',
    problem: `the file is ${megabytes(fileSize)}; ${what} may be at most ${megabytes(MAX_PO_FILE_BYTES)}.`,
  };
}

/**
 * What one cart may hold of PO files at once, stored and being uploaded together: its PO file and uploads in
 * progress of a next one, a few of them retries (docs/decisions/0018-po-numbers-and-files.md).
 */
export const QUOTE_FILE_QUOTA = { files: 4, bytes: 3 * MAX_PO_FILE_BYTES };
/** An upload not finished within this lapses: it no longer counts against the cart, and it is deleted. */
export const UPLOAD_LAPSES_AFTER_MINUTES = 60;

export function hasLapsed(upload: { createdAt: Date }, now: Date): boolean {
  return now.getTime() - upload.createdAt.getTime() > UPLOAD_LAPSES_AFTER_MINUTES * 60_000;
}

/** Why the cart, holding `held`, may not take an upload of `fileSize` bytes more; null when it may. */
export function quotaProblem(held: { files: number; bytes: number }, fileSize: number): string | null {
  const { files, bytes } = QUOTE_FILE_QUOTA;
  const lapse = `an unfinished upload lapses ${UPLOAD_LAPSES_AFTER_MINUTES} minutes after it started.`;
  if (held.files + 1 > files) {
    return `this cart already holds ${held.files} PO files and unfinished uploads, the most it may hold at once; ${lapse}`;
  }
  if (held.bytes + fileSize > bytes) {
    return `this cart holds ${megabytes(held.bytes)} of PO files and unfinished uploads, and ${megabytes(fileSize)} more would pass the ${megabytes(bytes)} it may hold at once; ${lapse}`;
  }
  return null;
}

/** The plan the first chunk declares, or what is wrong with it. */
export function planUpload(
  fileSize: number,
  chunkCount: number,
  firstChunk: string,
  what?: string,
): ChunkPlan | ChunkProblem {
  const tooLarge = sizeProblem(fileSize, what);
  if (tooLarge) return tooLarge;
  const total = base64Length(fileSize);
  const chunkSize = chunkCount === 1 ? total : firstChunk.length;
  if (chunkCount > 1 && (chunkSize === 0 || chunkSize % FILE_CHUNK_UNIT !== 0)) {
    return {
      field: 'fileContent',
      problem: `every chunk but the last must be a multiple of ${FILE_CHUNK_UNIT} base64 characters; the first is ${firstChunk.length}.`,
    };
  }
  const needed = Math.ceil(total / chunkSize);
  if (chunkCount !== needed) {
    return {
      field: 'chunkCount',
      problem: `a file of ${fileSize} bytes sent in chunks of ${chunkSize} base64 characters takes ${needed} chunks, not ${chunkCount}.`,
    };
  }
  return { fileSize, chunkSize, chunkCount };
}

export function isChunkProblem(value: ChunkPlan | ChunkProblem): value is ChunkProblem {
  return 'problem' in value;
}

/** Why chunk `index` cannot be part of the plan (its length, or padding before the end), or null. */
export function chunkProblem(plan: ChunkPlan, index: number, chunk: string): ChunkProblem | null {
  const last = index === plan.chunkCount - 1;
  const expected = last ? base64Length(plan.fileSize) - plan.chunkSize * index : plan.chunkSize;
  if (chunk.length !== expected) {
    return {
      field: 'fileContent',
      problem: `chunk ${index + 1} of ${plan.chunkCount} must be ${expected} base64 characters (every chunk but the last as long as the first); it is ${chunk.length}.`,
    };
  }
  if (!last && chunk.includes('=')) {
    return {
      field: 'fileContent',
      problem: `chunk ${index + 1} has base64 padding (=), which only ends the last chunk.`,
    };
  }
  return null;
}

/** The file from its chunks in order; null when the decoded size is not the declared one. */
export function assembleChunks(plan: ChunkPlan, chunks: readonly string[]): Buffer | null {
  const file = Buffer.from(chunks.join(''), 'base64');
  return chunks.length === plan.chunkCount && file.length === plan.fileSize ? file : null;
}
