import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';
import { MAX_FILE_CHUNK_CHARS } from './crm-purchase-orders';

/**
 * Service requests (the Create Record category) and support cases of the billing portal (issue 13). The form's
 * fields come from a CRM configuration record per storefront (docs/decisions/0031-service-requests-and-cases.md).
 * Every type acts for one account; the gateway binds accountId and contactId from the principal.
 */

export const REQUEST_STATUSES = ['New', 'In progress', 'Waiting on customer', 'Resolved', 'Closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const CASE_STATUSES = ['New', 'Working', 'Escalated', 'Closed'] as const;
export const PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const COMMENT_AUTHORS = ['customer', 'support'] as const;

export const SUBJECT_MAX = 120;
export const COMMENT_MAX = 4000;

/** A field of the request form, as the storefront's configuration record describes it. */
const formFieldSchema = z.object({
  key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
  label: z.string(),
  kind: z.enum(['picklist', 'text', 'textarea']),
  required: z.boolean(),
  maxLength: z.number().int().min(1).max(4000),
  options: z.array(z.string()).default([]),
  help: z.string().nullable().default(null),
});
export type RequestFormField = z.infer<typeof formFieldSchema>;
export const requestFormSchema = z.array(formFieldSchema);

/** The configured field that files a request under a category (shown in the list). */
export const CATEGORY_FIELD = 'category';

/** One refusal per field of the request form, shown beside it. */
export interface RequestFieldError {
  field: string;
  message: string;
}

/**
 * The checks of the configured fields, the same in the storefront (all messages at once) and in the CRM
 * (which never trusts the storefront's).
 */
export function checkRequestFields(
  form: readonly RequestFormField[],
  values: Readonly<Record<string, string>>,
): RequestFieldError[] {
  const errors: RequestFieldError[] = [];
  for (const field of form) {
    const value = (values[field.key] ?? '').trim();
    if (!value) {
      // A picklist is chosen from, a text typed.
      const verb = field.kind === 'picklist' ? 'Choose' : 'Enter';
      if (field.required)
        errors.push({ field: field.key, message: `${verb} the ${field.label.toLowerCase()}.` });
    } else if (field.kind === 'picklist' && !field.options.includes(value)) {
      errors.push({
        field: field.key,
        message: `Choose one of the listed values for ${field.label.toLowerCase()}.`,
      });
    } else if (value.length > field.maxLength) {
      errors.push({
        field: field.key,
        message: `${field.label} may be at most ${field.maxLength} characters.`,
      });
    }
  }
  const unknown = Object.keys(values).find((key) => !form.some((field) => field.key === key));
  if (unknown) errors.push({ field: unknown, message: 'This field is not on the request form.' });
  return errors;
}

export const requestScope = { ...catalogueScope, contactId: id.optional() };
/** Who writes: the storefront's server names its signed-in user. */
const authorName = text().trim().min(1, 'must not be empty').max(120);

const attachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const commentSchema = z.object({
  id: z.string(),
  author: z.enum(COMMENT_AUTHORS),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type RecordComment = z.infer<typeof commentSchema>;

const requestSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  subject: z.string(),
  category: z.string(),
  status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

const requestDetailSchema = requestSummarySchema.extend({
  /** The configured fields' answers, in the form's order, with the labels they were asked under. */
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  history: z.array(z.object({ status: z.enum(REQUEST_STATUSES), note: z.string(), at: z.string() })),
  comments: z.array(commentSchema),
  attachments: z.array(attachmentSchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

const caseSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  subject: z.string(),
  status: z.enum(CASE_STATUSES),
  priority: z.enum(PRIORITIES),
  product: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
const caseDetailSchema = caseSummarySchema.extend({
  description: z.string(),
  comments: z.array(commentSchema),
  attachments: z.array(attachmentSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One chunk of an attachment (of a request or a case), with the PO file's chunk protocol (decision 0018). */
export const attachmentChunk = {
  fileName: text().trim().min(1, 'must not be empty').max(255),
  fileContent: text()
    .max(MAX_FILE_CHUNK_CHARS, `must be at most ${MAX_FILE_CHUNK_CHARS} base64 characters a chunk`)
    .regex(BASE64, 'must be base64'),
  fileSize: z.number().int('must be a whole number').min(1, 'must be at least 1 byte'),
  chunkIndex: z.number().int().min(0).default(0),
  chunkCount: z.number().int().min(1).max(100_000).default(1),
  uploadId: id.optional(),
};

/** attachRequestFile's answer: the upload's progress, and the stored file after the last chunk. */
export const attachProgressSchema = z.object({
  uploadId: z.string(),
  receivedChunks: z.number(),
  chunkCount: z.number(),
  attachment: attachmentSchema.nullable(),
});
export type AttachProgress = z.infer<typeof attachProgressSchema>;

// One account's records, changing with every comment: never cached.
const row = { group: 'billingportal', cacheable: false } as const;

export const SERVICE_REQUEST_CRM_TYPES = {
  /** The storefront's request form: its configured fields in order. */
  getRequestForm: crmType({
    ...row,
    method: 'GET',
    payload: z.object(requestScope),
    answer: requestFormSchema,
  }),
  /** The account's requests, newest first; status narrows them. */
  listServiceRequests: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...requestScope, status: z.enum(REQUEST_STATUSES).optional() }),
    answer: z.array(requestSummarySchema),
  }),
  getServiceRequest: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...requestScope, requestId: id }),
    answer: requestDetailSchema,
  }),
  /** Files a request; fields are checked against the form (400 naming `fields.<key>`). */
  createServiceRequest: crmType({
    ...row,
    method: 'POST',
    payload: z.object({
      ...requestScope,
      subject: text().trim().min(1, 'must not be empty').max(SUBJECT_MAX),
      priority: z.enum(PRIORITIES),
      authorName,
      fields: z.record(text().max(64), text().max(4000)),
    }),
    answer: z.object({ id: z.string(), number: z.string() }),
  }),
  /** A comment from the customer on one of the account's requests. */
  addRequestComment: crmType({
    ...row,
    method: 'POST',
    payload: z.object({
      ...requestScope,
      requestId: id,
      authorName,
      body: text().trim().min(1, 'must not be empty').max(COMMENT_MAX),
    }),
    answer: commentSchema,
  }),
  /**
   * One chunk of an attachment, with the PO file's chunk protocol and file rules (decision 0018): chunk 0
   * declares size and chunk count and gets an uploadId; the last chunk's answer carries the stored file.
   */
  attachRequestFile: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...requestScope, requestId: id, ...attachmentChunk }),
    answer: attachProgressSchema,
  }),
  /** An attachment of one of the account's requests or cases, to download. */
  getAttachmentContent: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...requestScope, attachmentId: id }),
    answer: z.object({
      fileName: z.string(),
      contentType: z.string(),
      size: z.number(),
      content: z.string(),
    }),
  }),
  listSupportCases: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...requestScope, status: z.enum(CASE_STATUSES).optional() }),
    answer: z.array(caseSummarySchema),
  }),
  getSupportCase: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...requestScope, caseId: id }),
    answer: caseDetailSchema,
  }),
};

/** The storefront's pages of a request and of a case. */
export const requestPath = (requestId: string) =>
  `/billing/requests/request-${encodeURIComponent(requestId)}`;
export const casePath = (caseId: string) => `/billing/cases/${encodeURIComponent(caseId)}`;
export const attachmentPath = (attachmentId: string) =>
  `/api/attachments/${encodeURIComponent(attachmentId)}`;
