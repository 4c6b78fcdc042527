import {
  type Attachment,
  CATEGORY_FIELD,
  type CrmPayload,
  checkRequestFields,
  FILE_CHUNK_UNIT,
  PO_FILE_EXTENSIONS,
  type RecordComment,
  type RequestSummary,
} from '@storefront/contracts';
import { CrmHttpError, forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import type { CrmDb } from '../../db/open';
import { recordBusinessEvent } from '../../events';
import {
  type ChunkProblem,
  checkFileContent,
  chunkProblem,
  isChunkProblem,
  notWhatItSays,
  planUpload,
  sanitiseFileName,
  startsLike,
} from '../../files';
import {
  type AttachmentMeta,
  appendChunk,
  attachmentsOf,
  type CommentRow,
  commentsOf,
  completeAttachment,
  deleteAbandonedAttachments,
  deleteAttachment,
  findAttachment,
  findCase,
  findRequest,
  insertAttachment,
  insertComment,
  insertRequest,
  listCases,
  listRequests,
  lockAttachment,
  type Parent,
  requestFormOf,
  requestHistory,
  type ServiceRequestRow,
  type SupportCaseRow,
} from '../queries/service-requests';
import { DEFAULT_REQUEST_FORM } from '../rules/request-form';

type Scope = { storefrontId: string; accountId: string };

/** The account the call acts for: of the storefront (403 otherwise). */
export async function ownAccount(ctx: HandlerContext, scope: Scope): Promise<string> {
  const { account } = await accountScope(ctx, scope.storefrontId, scope.accountId);
  return account.id;
}

/** A record of the account (404 none, 403 another account's). */
export function owned<T extends { accountId: string }>(
  row: T | undefined,
  accountId: string,
  what: string,
): T {
  if (!row) throw notFound(`there is no ${what} with this id.`);
  if (row.accountId !== accountId) throw forbidden();
  return row;
}

const iso = (at: Date) => at.toISOString();

function summary(row: ServiceRequestRow): RequestSummary {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    category: row.category,
    status: row.status,
    priority: row.priority,
    createdBy: row.createdByName,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function caseSummary(row: SupportCaseRow) {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    product: row.product,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const comment = (row: CommentRow): RecordComment => ({
  id: row.id,
  author: row.author,
  authorName: row.authorName,
  body: row.body,
  createdAt: iso(row.createdAt),
});

const attachment = (row: AttachmentMeta): Attachment => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.fileSize,
  uploadedAt: iso(row.createdAt),
});

async function formOf(db: CrmDb, storefrontId: string) {
  return (await requestFormOf(db, storefrontId)) ?? DEFAULT_REQUEST_FORM;
}

export const getRequestForm: Handler<'getRequestForm'> = async (ctx, payload) => {
  await ownAccount(ctx, payload);
  return [...(await formOf(ctx.db, payload.storefrontId))];
};

export const listServiceRequests: Handler<'listServiceRequests'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  return (await listRequests(ctx.db, accountId, payload.status)).map(summary);
};

export const getServiceRequest: Handler<'getServiceRequest'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const row = owned(await findRequest(ctx.db, payload.requestId), accountId, 'request');
  const parent = { requestId: row.id };
  const [history, comments, attachments] = await Promise.all([
    requestHistory(ctx.db, row.id),
    commentsOf(ctx.db, parent),
    attachmentsOf(ctx.db, parent),
  ]);
  return {
    ...summary(row),
    fields: row.fields,
    history: history.map((entry) => ({ status: entry.status, note: entry.note, at: iso(entry.at) })),
    comments: comments.map(comment),
    attachments: attachments.map(attachment),
  };
};

export const createServiceRequest: Handler<'createServiceRequest'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const form = await formOf(ctx.db, payload.storefrontId);
  const [problem] = checkRequestFields(form, payload.fields);
  if (problem) throw invalidPayload(problem.message, `fields.${problem.field}`);
  const answered = form.flatMap((field) => {
    const value = payload.fields[field.key]?.trim() ?? '';
    return value ? [{ key: field.key, label: field.label, value }] : [];
  });
  const row = await ctx.db.transaction(async (tx) => {
    const request = await insertRequest(
      tx,
      {
        storefrontId: payload.storefrontId,
        accountId,
        contactId: payload.contactId ?? null,
        createdByName: payload.authorName,
        subject: payload.subject,
        category: payload.fields[CATEGORY_FIELD]?.trim() || 'General',
        priority: payload.priority,
        fields: answered,
      },
      'Request received.',
    );
    await recordBusinessEvent(tx, {
      storefrontId: request.storefrontId,
      type: 'service_request.created',
      subject: `service_request:${request.number}`,
      data: {
        id: request.id,
        number: request.number,
        accountId: request.accountId,
        contactId: request.contactId,
        createdByName: request.createdByName,
        subject: request.subject,
        category: request.category,
        priority: request.priority,
        fields: request.fields,
      },
    });
    return request;
  });
  void ctx.events.deliver();
  return { id: row.id, number: row.number };
};

export const addRequestComment: Handler<'addRequestComment'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const row = owned(await findRequest(ctx.db, payload.requestId), accountId, 'request');
  const stored = await insertComment(ctx.db, {
    requestId: row.id,
    author: 'customer',
    authorName: payload.authorName,
    body: payload.body,
  });
  return comment(stored);
};

/** A chunk of a file for a request or a case: the same protocol for both. */
type AttachPayload = Omit<CrmPayload<'attachRequestFile'>, 'requestId'>;

function refuseChunk({ field, problem }: ChunkProblem): CrmHttpError {
  if (field === 'fileSize') return new CrmHttpError(413, 'FILE_TOO_LARGE', problem, field);
  return new CrmHttpError(400, 'FILE_CHUNK_REFUSED', problem, field);
}

const contentMismatch = (problem: string) =>
  new CrmHttpError(400, 'FILE_CONTENT_MISMATCH', problem, 'fileContent');

/** Checks the whole file once its last chunk is in: kept when it is what its name says, else dropped. */
async function finish(tx: CrmDb, upload: AttachmentMeta, content: Buffer): Promise<Finished> {
  const safe = sanitiseFileName(upload.fileName);
  const check = safe ? checkFileContent(safe.extension, content) : null;
  if (content.length === upload.fileSize && check?.ok) {
    await completeAttachment(tx, upload.id, check.contentType);
    return { upload: { ...upload, contentType: check.contentType }, done: true };
  }
  await deleteAttachment(tx, upload.id);
  const refused =
    check && !check.ok ? check.problem : `the chunks do not decode to the declared ${upload.fileSize} bytes.`;
  return { upload, done: false, refused };
}

interface Finished {
  upload: AttachmentMeta;
  done: boolean;
  refused?: string;
}

async function startAttachment(
  ctx: HandlerContext,
  parent: Parent,
  payload: AttachPayload,
): Promise<Finished> {
  const safe = sanitiseFileName(payload.fileName);
  if (!safe) {
    throw new CrmHttpError(
      400,
      'FILE_TYPE_NOT_ALLOWED',
      `an attachment must be a ${PO_FILE_EXTENSIONS.join(', ')} file.`,
      'fileName',
    );
  }
  const plan = planUpload(payload.fileSize, payload.chunkCount, payload.fileContent, 'an attachment');
  if (isChunkProblem(plan)) throw refuseChunk(plan);
  const problem = chunkProblem(plan, 0, payload.fileContent);
  if (problem) throw refuseChunk(problem);
  const content = Buffer.from(payload.fileContent, 'base64');
  if (!startsLike(safe.extension, content.subarray(0, FILE_CHUNK_UNIT))) {
    throw contentMismatch(notWhatItSays(safe.extension));
  }
  await deleteAbandonedAttachments(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const upload = await insertAttachment(tx, {
      ...parent,
      fileName: safe.name,
      contentType: 'application/octet-stream',
      ...plan,
      receivedChunks: 1,
      content,
    });
    if (plan.chunkCount > 1) return { upload, done: false };
    return finish(tx, upload, content);
  });
}

/** A later chunk: strictly the next one, as long as the first chunk's plan says. */
async function continueAttachment(
  ctx: HandlerContext,
  parent: Parent,
  payload: AttachPayload,
): Promise<Finished> {
  const uploadId = payload.uploadId;
  if (!uploadId) throw invalidPayload('is required for every chunk after the first.', 'uploadId');
  return ctx.db.transaction(async (tx) => {
    const upload = await lockAttachment(tx, uploadId);
    // Another record's upload is answered like none: an upload id tells nothing of other records.
    const ofParent = parent.requestId
      ? upload?.requestId === parent.requestId
      : upload?.caseId === parent.caseId;
    if (!upload || upload.complete || !ofParent) {
      throw notFound('there is no upload in progress with this id; start again with chunk 0.', 'uploadId');
    }
    if (payload.chunkIndex !== upload.receivedChunks) {
      throw new CrmHttpError(
        409,
        'FILE_CHUNK_REFUSED',
        `chunks come in order: the next is chunk ${upload.receivedChunks} (counting from 0).`,
        'chunkIndex',
      );
    }
    const problem = chunkProblem(upload, payload.chunkIndex, payload.fileContent);
    if (problem) throw refuseChunk(problem);
    const content = await appendChunk(tx, upload, Buffer.from(payload.fileContent, 'base64'));
    const next = { ...upload, receivedChunks: upload.receivedChunks + 1 };
    if (next.receivedChunks < upload.chunkCount) return { upload: next, done: false };
    return finish(tx, next, content);
  });
}

/** One chunk of a file attached to one of the account's requests, checked like a PO file (decision 0018). */
export const attachRequestFile: Handler<'attachRequestFile'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const request = owned(await findRequest(ctx.db, payload.requestId), accountId, 'request');
  return attachChunk(ctx, { requestId: request.id }, payload);
};

/** One chunk of a file attached to one of the account's cases, with the requests' protocol and checks. */
export const attachCaseFile: Handler<'attachCaseFile'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const record = owned(await findCase(ctx.db, payload.caseId), accountId, 'case');
  return attachChunk(ctx, { caseId: record.id }, payload);
};

/** Takes one chunk for the record (the caller has checked it is the account's); the upload's progress. */
async function attachChunk(ctx: HandlerContext, parent: Parent, payload: AttachPayload) {
  const step =
    payload.chunkIndex === 0
      ? await startAttachment(ctx, parent, payload)
      : await continueAttachment(ctx, parent, payload);
  // Refused after the transaction, so the dropped upload stays dropped.
  if (step.refused) throw contentMismatch(step.refused);
  const { upload } = step;
  return {
    uploadId: upload.id,
    receivedChunks: upload.receivedChunks,
    chunkCount: upload.chunkCount,
    attachment: step.done ? attachment(upload) : null,
  };
}

/** An attachment of one of the account's requests or cases, as a download (403 another account's). */
export const getAttachmentContent: Handler<'getAttachmentContent'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const file = await findAttachment(ctx.db, payload.attachmentId);
  if (!file?.complete) throw notFound('there is no attachment with this id.', 'attachmentId');
  const parent = file.requestId
    ? await findRequest(ctx.db, file.requestId)
    : await findCase(ctx.db, file.caseId ?? '');
  owned(parent, accountId, 'attachment');
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.fileSize,
    content: file.content.toString('base64'),
  };
};

export const listSupportCases: Handler<'listSupportCases'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  return (await listCases(ctx.db, accountId, payload.status)).map(caseSummary);
};

export const getSupportCase: Handler<'getSupportCase'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const row = owned(await findCase(ctx.db, payload.caseId), accountId, 'case');
  const parent = { caseId: row.id };
  const [comments, attachments] = await Promise.all([
    commentsOf(ctx.db, parent),
    attachmentsOf(ctx.db, parent),
  ]);
  return {
    ...caseSummary(row),
    description: row.description,
    comments: comments.map(comment),
    attachments: attachments.map(attachment),
  };
};
