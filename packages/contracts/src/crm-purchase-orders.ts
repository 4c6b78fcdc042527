import { z } from 'zod';
import { GATEWAY_MAX_PAYLOAD_CHARS } from './constants';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';

/**
 * Checkout's purchase-order types of spec C§7: the PO number (checkForDuplicatePO, updateQuote) and the PO
 * file (uploadFile, getFile, deleteFile, and getFileContent, which serves the download). The chunk protocol
 * and the file checks are in docs/decisions/0018-po-numbers-and-files.md.
 */

/** Spec C§5, C§8: the texts a person reads, verbatim. */
export const PO_MESSAGES = {
  duplicate: 'Error - PO Number already exists',
  updateFailed: 'Error updating PO Number on Quote Record',
} as const;

/** A PO number as Salesforce's Quote.PONumber keeps it; compared without regard to letter case. */
export const PO_NUMBER_MAX = 80;
const poNumber = text().trim().min(1, 'must not be empty').max(PO_NUMBER_MAX);

/** Spec C§5, document extensions: the files a PO file may be. */
export const PO_FILE_EXTENSIONS = [
  'pdf',
  'doc',
  'ppt',
  'xls',
  'xlsx',
  'pptx',
  'docx',
  'png',
  'jpg',
  'jpeg',
  'svg',
] as const;
export type PoFileExtension = (typeof PO_FILE_EXTENSIONS)[number];

/**
 * Spec C§5, P§9: attachments of these extensions are shown as images are, in the browser (opened in place,
 * a picture drawn in the list); any other attachment is a download.
 */
export const IMAGE_ATTACHMENT_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'jfif',
  'webp',
  'gif',
  'png',
  'tif',
  'ico',
] as const;

/** Whether an attachment of this name is shown in the browser rather than downloaded. */
export function isShownAsImage(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return (IMAGE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension);
}

/** What a file is related to: QPO, the quote's purchase order; QPDF, the PDF of the order it became. */
export const FILE_RELATIONS = ['QPO', 'QPDF'] as const;
/** What a buyer may upload: only the PO file; the order's PDF is made by the CRM. */
export const UPLOADED_FILE_RELATIONS = ['QPO'] as const;

/** A PO file may be at most 10 MiB. */
export const MAX_PO_FILE_BYTES = 10 * 1024 * 1024;
/** Spec C§7: binary files are chunked by 512 characters; every chunk but the last is a multiple of this. */
export const FILE_CHUNK_UNIT = 512;
/** What uploadFile's fields other than the chunk may take of a makeCall payload. */
const UPLOAD_FIELDS_CHARS = 4096;
/**
 * The largest chunk one request carries: as many 512-character units as the gateway's payload holds beside
 * uploadFile's other fields (56: 28,672 base64 characters, 21 KiB of file). One unit a request would make a
 * 1 MB file some 2,700 requests (docs/decisions/0018-po-numbers-and-files.md).
 */
export const MAX_FILE_CHUNK_CHARS =
  Math.floor((GATEWAY_MAX_PAYLOAD_CHARS - UPLOAD_FIELDS_CHARS) / FILE_CHUNK_UNIT) * FILE_CHUNK_UNIT;

/** How many base64 characters a file of `bytes` bytes takes (with padding). */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** The storefront's download route of a stored file: served only to the quote's account, as an attachment. */
export function fileDownloadPath(cvId: string): string {
  return `/api/files/${encodeURIComponent(cvId)}`;
}

/** Base64 as RFC 4648 §4 writes it: padding only at the very end. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The PO file as spec C§3 names it, and what the checkout shows of it. */
export const poFileSchema = z.object({
  fileName: z.string(),
  /** The stored file's id (a Salesforce ContentVersion id's role). */
  cvId: z.string(),
  /**
   * Where the quote's account downloads it (the storefront's /api/files/{cvId}); never public, despite the
   * name: null unless filePublicLinkRequired was asked.
   */
  filePublicURL: z.string().nullable(),
  status: z.literal('Uploaded'),
  contentType: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
});
export type PoFile = z.infer<typeof poFileSchema>;

/**
 * uploadFile's answer: after each chunk but the last, the upload in progress (a progress bar reads
 * receivedChunks / chunkCount); after the last, the stored file.
 */
const uploadProgressSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('Uploading'),
    uploadId: z.string(),
    fileName: z.string(),
    receivedChunks: z.number(),
    chunkCount: z.number(),
  }),
  poFileSchema.extend({
    uploadId: z.string().nullable(),
    receivedChunks: z.number(),
    chunkCount: z.number(),
  }),
]);
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

/** getFileContent's answer: the file to download, its type from its checked content. */
const fileContentSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** The whole file, base64. */
  content: z.string(),
});
export type FileContent = z.infer<typeof fileContentSchema>;

const fileContent = text()
  .max(MAX_FILE_CHUNK_CHARS, `must be at most ${MAX_FILE_CHUNK_CHARS} base64 characters a chunk`)
  .regex(BASE64, 'must be base64 (A-Z, a-z, 0-9, +, / and = padding at the end)');
const fileScope = { ...quoteScope, fileRelatedTo: z.enum(UPLOADED_FILE_RELATIONS), parentId: id };
const publicLink = z.boolean().default(false);

// Files and PO numbers are one account's and change with every upload: never cached.
const poRow = { group: 'ecommerce', cacheable: false } as const;

export const PURCHASE_ORDER_CRM_TYPES = {
  /**
   * 0 when no other quote of the account (a guest: of the guest's own carts) has the PO number, else how
   * many do; quoteId, when given, is left out of the count (the quote being checked out).
   */
  checkForDuplicatePO: crmType({
    ...poRow,
    method: 'GET',
    payload: z.object({ ...quoteScope, poNumber, quoteId: id.optional() }),
    answer: z.number().int().min(0),
  }),
  /**
   * Sets (null: clears) the PO number of the caller's own quotes. With the storefront's duplicate check on,
   * a PO number another quote of the account has is refused with the configured message.
   */
  updateQuote: crmType({
    ...poRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quotes: z
        .array(z.object({ id, poNumber: poNumber.nullable() }))
        .min(1, 'must name at least one quote')
        .max(20),
    }),
    answer: z.array(z.object({ id: z.string(), poNumber: z.string().nullable() })),
  }),
  /** The PO file of the caller's own quote: a list of at most one. */
  getFile: crmType({
    ...poRow,
    method: 'POST',
    payload: z.object({ ...fileScope, filePublicLinkRequired: publicLink }),
    answer: z.array(poFileSchema).max(1),
  }),
  /**
   * One chunk of a file. The first (chunkIndex 0) names the file and its size; a file of more than one
   * chunk gets an uploadId that the later chunks carry. Chunks come in order, each but the last exactly as
   * long as the first (a multiple of 512 characters); sending a chunk again replaces it. The last chunk
   * stores the file, replacing the quote's previous PO file.
   */
  uploadFile: crmType({
    ...poRow,
    method: 'POST',
    payload: z.object({
      ...fileScope,
      fileName: text().trim().min(1, 'must not be empty').max(255),
      fileContent,
      filePublicLinkRequired: publicLink,
      /** The whole file's size in bytes. */
      fileSize: z.number().int('must be a whole number').min(1, 'must be at least 1 byte'),
      chunkIndex: z.number().int('must be a whole number').min(0).default(0),
      chunkCount: z.number().int('must be a whole number').min(1).max(100_000).default(1),
      uploadId: id.optional(),
    }),
    answer: uploadProgressSchema,
  }),
  /** Removes the PO file of the caller's own quote; fileName must be the stored file's. */
  deleteFile: crmType({
    ...poRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, fileName: text().trim().min(1).max(255), contentVersionId: id }),
    answer: z.object({ cvId: z.string(), fileName: z.string(), status: z.literal('Deleted') }),
  }),
  /** The file itself, for the storefront's download route: only to the quote's account (or guest). */
  getFileContent: crmType({
    ...poRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, contentVersionId: id }),
    answer: fileContentSchema,
  }),
};
