import {
  type CrmPayload,
  FILE_CHUNK_UNIT,
  fileDownloadPath,
  type PoFile,
  type PoFileExtension,
  type UploadProgress,
} from '@storefront/contracts';
import {
  changeableQuote,
  findQuote,
  lockChangeableQuote,
  ownQuote,
  type QuoteRow,
  type QuoteScope,
  quoteScope,
} from '../../cart';
import { CrmHttpError, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { lockUpload } from '../../db/locks';
import type { CrmDb } from '../../db/open';
import {
  assembleChunks,
  type ChunkPlan,
  type ChunkProblem,
  checkFileContent,
  chunkProblem,
  deleteAbandonedUploads,
  deleteQuoteFile,
  deleteUpload,
  type FileUploadRow,
  findFile,
  findFileMeta,
  hasLapsed,
  heldFiles,
  insertUpload,
  isChunkProblem,
  notWhatItSays,
  planUpload,
  putChunk,
  type QuoteFileMeta,
  quotaProblem,
  quoteFilesOf,
  replaceQuoteFile,
  sanitiseFileName,
  startsLike,
  uploadChunks,
} from '../../files';

type UploadPayload = CrmPayload<'uploadFile'>;

/** What the checkout shows of a stored file (spec C§3 PO file). */
function poFile(file: QuoteFileMeta, publicLink: boolean): PoFile {
  return {
    fileName: file.fileName,
    cvId: file.id,
    filePublicURL: publicLink ? fileDownloadPath(file.id) : null,
    status: 'Uploaded',
    contentType: file.contentType,
    size: file.size,
    uploadedAt: file.createdAt.toISOString(),
  };
}

function refuseChunk({ field, problem }: ChunkProblem): CrmHttpError {
  if (field === 'fileSize') return new CrmHttpError(413, 'FILE_TOO_LARGE', problem, field);
  return new CrmHttpError(400, 'FILE_CHUNK_REFUSED', problem, field);
}

const contentMismatch = (extension: PoFileExtension, problem = notWhatItSays(extension)) =>
  new CrmHttpError(400, 'FILE_CONTENT_MISMATCH', problem, 'fileContent');

/** The caller's own quote (403 another's, 404 none) that may still change (400 checked out). */
async function ownChangeableQuote(
  ctx: HandlerContext,
  scope: QuoteScope,
  quoteId: string,
): Promise<QuoteRow> {
  return changeableQuote(ownQuote(await findQuote(ctx.db, quoteId), scope));
}

/** A stored file, if it belongs to one of the caller's own quotes (404 none, 403 another's). */
async function ownFile(ctx: HandlerContext, scope: QuoteScope, fileId: string) {
  const file = await findFileMeta(ctx.db, fileId);
  if (!file) throw notFound('there is no file with this id.', 'contentVersionId');
  const quote = ownQuote(await findQuote(ctx.db, file.quoteId), scope);
  return { file, quote };
}

/** Checks the whole file and stores it as the quote's file, replacing the previous one, under the quote's lock. */
async function storeFile(
  tx: CrmDb,
  scope: QuoteScope,
  upload: Pick<FileUploadRow, 'quoteId' | 'relatedTo' | 'fileName' | 'publicLink'>,
  extension: PoFileExtension,
  content: Buffer,
): Promise<PoFile> {
  const check = checkFileContent(extension, content);
  if (!check.ok) throw contentMismatch(extension, check.problem);
  await lockChangeableQuote(tx, scope, upload.quoteId, 'wait');
  const stored = await replaceQuoteFile(tx, {
    quoteId: upload.quoteId,
    relatedTo: upload.relatedTo,
    fileName: upload.fileName,
    contentType: check.contentType,
    content,
  });
  return poFile(stored, upload.publicLink);
}

/**
 * Locks the quote to start a file of `fileSize` bytes on it, refused when the cart would hold more files or
 * bytes than its quota (counted under the lock, so parallel starts cannot pass it together).
 */
async function lockWithinQuota(
  tx: CrmDb,
  scope: QuoteScope,
  quoteId: string,
  fileSize: number,
): Promise<void> {
  await lockChangeableQuote(tx, scope, quoteId, 'wait');
  const problem = quotaProblem(await heldFiles(tx, quoteId), fileSize);
  if (problem) throw new CrmHttpError(409, 'FILE_QUOTA_REACHED', problem, 'fileSize');
}

/** The file's extension, from the name already sanitised when the upload started. */
function extensionOf(fileName: string): PoFileExtension {
  const safe = sanitiseFileName(fileName);
  if (!safe) throw new Error(`stored upload name ${fileName} lost its extension`);
  return safe.extension;
}

/** Chunk 0: names the file, declares its size and chunks, and is checked to start like its type. */
async function startUpload(
  ctx: HandlerContext,
  scope: QuoteScope,
  payload: UploadPayload,
): Promise<UploadProgress> {
  const safe = sanitiseFileName(payload.fileName);
  if (!safe) {
    throw new CrmHttpError(
      400,
      'FILE_TYPE_NOT_ALLOWED',
      'a PO file must be a pdf, doc, ppt, xls, xlsx, pptx, docx, png, jpg, jpeg or svg file.',
      'fileName',
    );
  }
  const plan = planUpload(payload.fileSize, payload.chunkCount, payload.fileContent);
  if (isChunkProblem(plan)) throw refuseChunk(plan);
  const problem = chunkProblem(plan, 0, payload.fileContent);
  if (problem) throw refuseChunk(problem);
  const head = Buffer.from(payload.fileContent.slice(0, FILE_CHUNK_UNIT), 'base64');
  if (!startsLike(safe.extension, head)) throw contentMismatch(safe.extension);
  const upload = {
    quoteId: payload.parentId,
    relatedTo: payload.fileRelatedTo,
    fileName: safe.name,
    publicLink: payload.filePublicLinkRequired,
  };
  if (plan.chunkCount === 1) {
    const content = Buffer.from(payload.fileContent, 'base64');
    if (content.length !== plan.fileSize) throw refuseChunk(sizeMismatch(plan));
    const file = await ctx.db.transaction(async (tx) => {
      await lockWithinQuota(tx, scope, upload.quoteId, plan.fileSize);
      return storeFile(tx, scope, upload, safe.extension, content);
    });
    return { ...file, uploadId: null, receivedChunks: 1, chunkCount: 1 };
  }
  await deleteAbandonedUploads(ctx.db);
  const started = await ctx.db.transaction(async (tx) => {
    await lockWithinQuota(tx, scope, upload.quoteId, plan.fileSize);
    return insertUpload(tx, { ...upload, ...plan }, payload.fileContent);
  });
  return progress(started, 1);
}

function sizeMismatch(plan: ChunkPlan): ChunkProblem {
  return {
    field: 'fileContent',
    problem: `the chunks do not decode to the declared ${plan.fileSize} bytes.`,
  };
}

function progress(upload: FileUploadRow, receivedChunks: number): UploadProgress {
  return {
    status: 'Uploading',
    uploadId: upload.id,
    fileName: upload.fileName,
    receivedChunks,
    chunkCount: upload.chunkCount,
  };
}

/** A later chunk of an upload: in order, as long as the plan says; the last one stores the file. */
async function continueUpload(
  ctx: HandlerContext,
  scope: QuoteScope,
  payload: UploadPayload,
): Promise<UploadProgress> {
  const { uploadId, chunkIndex } = payload;
  if (!uploadId) throw invalidPayload('is required for every chunk after the first.', 'uploadId');
  return ctx.db.transaction(async (tx) => {
    // The quote first, as every change of it locks (docs/decisions/0052-lock-order.md), then its upload.
    await lockChangeableQuote(tx, scope, payload.parentId, 'wait');
    const upload = await lockUpload(tx, uploadId);
    // Another quote's upload is answered like none: an upload id tells nothing of other carts. A lapsed one no
    // longer counts against the cart's quota, so it takes no more chunks either.
    if (!upload || upload.quoteId !== payload.parentId || hasLapsed(upload, new Date())) {
      throw notFound('there is no upload in progress with this id; start again with chunk 0.', 'uploadId');
    }
    if (payload.fileSize !== upload.fileSize || payload.chunkCount !== upload.chunkCount) {
      throw refuseChunk({
        field: 'chunkCount',
        problem: `this upload is of ${upload.fileSize} bytes in ${upload.chunkCount} chunks, as its first chunk said.`,
      });
    }
    if (chunkIndex > upload.receivedChunks || chunkIndex >= upload.chunkCount) {
      throw new CrmHttpError(
        409,
        'FILE_CHUNK_REFUSED',
        `chunks come in order: the next is chunk ${upload.receivedChunks} (counting from 0).`,
        'chunkIndex',
      );
    }
    const problem = chunkProblem(upload, chunkIndex, payload.fileContent);
    if (problem) throw refuseChunk(problem);
    const received = await putChunk(tx, upload, chunkIndex, payload.fileContent);
    if (received < upload.chunkCount) return progress(upload, received);
    const content = assembleChunks(upload, await uploadChunks(tx, upload.id));
    if (!content) throw refuseChunk(sizeMismatch(upload));
    const file = await storeFile(tx, scope, upload, extensionOf(upload.fileName), content);
    await deleteUpload(tx, upload.id);
    return { ...file, uploadId: upload.id, receivedChunks: received, chunkCount: upload.chunkCount };
  });
}

/**
 * One chunk of a PO file (spec C§7 uploadFile). The quote must be the caller's own and not checked out; a
 * guest reaches only their own cart's.
 */
export const uploadFile: Handler<'uploadFile'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  await ownChangeableQuote(ctx, scope, payload.parentId);
  return payload.chunkIndex === 0 ? startUpload(ctx, scope, payload) : continueUpload(ctx, scope, payload);
};

/** The PO file of the caller's own quote: none or one. */
export const getFile: Handler<'getFile'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.parentId), scope);
  const files = await quoteFilesOf(ctx.db, quote.id, payload.fileRelatedTo);
  return files.map((file) => poFile(file, payload.filePublicLinkRequired));
};

/** Removes the PO file of the caller's own quote while it may still change. */
export const deleteFile: Handler<'deleteFile'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const { file, quote } = await ownFile(ctx, scope, payload.contentVersionId);
  changeableQuote(quote);
  if (file.fileName !== payload.fileName) {
    throw invalidPayload(`does not name this file (it is ${file.fileName}).`, 'fileName');
  }
  await deleteQuoteFile(ctx.db, file.id);
  return { cvId: file.id, fileName: file.fileName, status: 'Deleted' };
};

/** The file itself, for the storefront's download route; only to the quote's own account or guest. */
export const getFileContent: Handler<'getFileContent'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  await ownFile(ctx, scope, payload.contentVersionId);
  const file = await findFile(ctx.db, payload.contentVersionId);
  if (!file) throw notFound('there is no file with this id.', 'contentVersionId');
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    content: file.content.toString('base64'),
  };
};
