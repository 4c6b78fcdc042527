import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';
import { installedInstrumentSchema } from './crm-install-base';
import { MAX_PO_FILE_BYTES, PO_FILE_EXTENSIONS } from './crm-purchase-orders';
import { attachmentChunk, attachProgressSchema, PRIORITIES, requestScope } from './crm-service-requests';

/**
 * The knowledge base and the support page (issue 14; docs/decisions/0037-knowledge-and-cases.md): troubleshooting
 * articles searched by symptoms, and support cases filed for an instrument of the account's install base when
 * no article helps. Every type acts for one account; the gateway binds the storefront, account and contact.
 */

/** A search shorter than this (in characters) is not run: one or two letters match everything. */
export const SYMPTOMS_MIN = 3;
export const SYMPTOMS_MAX = 2000;
/** The most articles one search answers. */
export const KNOWLEDGE_RESULTS_MAX = 20;
/** How long the support page waits after the last keystroke before it searches (spec C§9's debounce). */
export const KNOWLEDGE_SEARCH_DEBOUNCE_MS = 500;
export const CASE_SUBJECT_MAX = 120;
export const CONTACT_PHONE_MAX = 40;

const model = z.object({ sku: z.string(), name: z.string() });
export type KnowledgeModel = z.infer<typeof model>;

const articleSummarySchema = z.object({
  id: z.string(),
  /** KB-000000, as support quotes it. */
  number: z.string(),
  title: z.string(),
  category: z.string(),
  /** The symptoms with the words that matched the search marked by «»; plain text otherwise. */
  snippet: z.string(),
  models: z.array(model),
  updatedAt: z.string(),
});
export type KnowledgeArticleSummary = z.infer<typeof articleSummarySchema>;

/** A file attached to an article (getKnowledgeAttachment serves it). */
const articleAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type KnowledgeArticleAttachment = z.infer<typeof articleAttachmentSchema>;

const articleDetailSchema = articleSummarySchema.omit({ snippet: true }).extend({
  symptoms: z.array(z.string()),
  cause: z.string(),
  resolutionSteps: z.array(z.string()),
  attachments: z.array(articleAttachmentSchema),
});
export type KnowledgeArticle = z.infer<typeof articleDetailSchema>;

/** The marks a snippet puts around a matched word (never HTML: the page renders them as <mark>). */
export const SNIPPET_MARKS = { start: '«', stop: '»' } as const;

const caseFieldSchema = z.object({
  key: z.enum(['instrumentId', 'subject', 'symptoms', 'priority', 'contactPhone']),
  label: z.string(),
  required: z.boolean(),
  maxLength: z.number().nullable(),
  help: z.string().nullable(),
});
export type CaseField = z.infer<typeof caseFieldSchema>;

const caseCreationSchema = z.object({
  /** False when the account has no active instrument to file a case for; `reason` says so. */
  enabled: z.boolean(),
  reason: z.string().nullable(),
  fields: z.array(caseFieldSchema),
  priorities: z.array(z.enum(PRIORITIES)),
  defaultPriority: z.enum(PRIORITIES),
  /** The account's active instruments a case can name. */
  instruments: z.array(installedInstrumentSchema),
  attachments: z.object({ extensions: z.array(z.string()), maxBytes: z.number() }),
});
export type CaseCreationDetails = z.infer<typeof caseCreationSchema>;

const row = { group: 'ecommerce', cacheable: false } as const;

export const KNOWLEDGE_CRM_TYPES = {
  /** What the support page offers: the article categories, the search's limits, whether cases can be filed. */
  getKnowledgeConfigurations: crmType({
    ...row,
    method: 'GET',
    payload: z.object(catalogueScope),
    answer: z.object({
      categories: z.array(z.string()),
      minSymptomChars: z.number(),
      maxResults: z.number(),
      debounceMs: z.number(),
      caseCreation: z.boolean(),
    }),
  }),
  /** Symptoms → the published articles that match, best first; a model narrows them to its articles. */
  getKnowledgeDataBySearch: crmType({
    ...row,
    method: 'POST',
    payload: z.object({
      ...catalogueScope,
      symptoms: text()
        .trim()
        .min(SYMPTOMS_MIN, `must be at least ${SYMPTOMS_MIN} characters`)
        .max(SYMPTOMS_MAX, `must be at most ${SYMPTOMS_MAX} characters`),
      modelSku: id.optional(),
      category: text().trim().max(80).optional(),
      limit: z.number().int().min(1).max(KNOWLEDGE_RESULTS_MAX).default(10),
    }),
    answer: z.object({ articles: z.array(articleSummarySchema) }),
  }),
  /** One published article of the storefront's knowledge base (404 otherwise). */
  getKnowledgeDetail: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...catalogueScope, articleId: id }),
    answer: articleDetailSchema,
  }),
  /** A file of a published article of the storefront (base64): 404 for another storefront's or a draft's. */
  getKnowledgeAttachment: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...catalogueScope, articleId: id, attachmentId: id }),
    answer: z.object({
      fileName: z.string(),
      contentType: z.string(),
      size: z.number(),
      content: z.string(),
    }),
  }),
  /**
   * Whether the storefront's support goes through its knowledge base first (a "bubble" org): it has published
   * articles, so the support page asks for the symptoms and shows articles before it offers a case.
   */
  checkIfBubbleOrg: crmType({
    ...row,
    method: 'GET',
    payload: z.object(catalogueScope),
    answer: z.object({ isBubbleOrg: z.boolean(), publishedArticles: z.number() }),
  }),
  /** The case form for the account: its fields, priorities, the instruments it may name and the file rules. */
  getCaseCreationActionDetails: crmType({
    ...row,
    method: 'GET',
    payload: z.object({ stfId: id, accountId: id }),
    answer: caseCreationSchema,
  }),
  /** Files a case for one of the account's active instruments (403 another account's, 404 unknown). */
  createSupportCase: crmType({
    ...row,
    group: 'billingportal',
    method: 'POST',
    payload: z.object({
      ...requestScope,
      instrumentId: id,
      subject: text().trim().max(CASE_SUBJECT_MAX).optional(),
      symptoms: text()
        .trim()
        .min(SYMPTOMS_MIN, `must be at least ${SYMPTOMS_MIN} characters`)
        .max(SYMPTOMS_MAX, `must be at most ${SYMPTOMS_MAX} characters`),
      priority: z.enum(PRIORITIES),
      contactName: text().trim().min(1, 'must not be empty').max(120),
      contactPhone: text().trim().max(CONTACT_PHONE_MAX).optional(),
    }),
    answer: z.object({ id: z.string(), number: z.string() }),
  }),
  /** One chunk of a file attached to one of the account's cases: attachRequestFile's protocol and checks. */
  attachCaseFile: crmType({
    ...row,
    group: 'billingportal',
    method: 'POST',
    payload: z.object({ ...requestScope, caseId: id, ...attachmentChunk }),
    answer: attachProgressSchema,
  }),
};

/** The case form's fields, in order; the CRM answers them whole and the page renders them. */
export const CASE_FIELDS: readonly CaseField[] = [
  {
    key: 'instrumentId',
    label: 'Instrument',
    required: true,
    maxLength: null,
    help: 'The instrument and serial number the case is about.',
  },
  {
    key: 'subject',
    label: 'Subject',
    required: false,
    maxLength: CASE_SUBJECT_MAX,
    help: 'Optional: the first line of the symptoms is used when you leave it empty.',
  },
  {
    key: 'symptoms',
    label: 'Symptoms',
    required: true,
    maxLength: SYMPTOMS_MAX,
    help: 'What the instrument does, error messages and what you have tried.',
  },
  { key: 'priority', label: 'Priority', required: true, maxLength: null, help: null },
  {
    key: 'contactPhone',
    label: 'Phone for a call back',
    required: false,
    maxLength: CONTACT_PHONE_MAX,
    help: 'Optional: support calls you on it; otherwise we answer on the case and by mail.',
  },
];

export const CASE_ATTACHMENT_RULES = {
  extensions: [...PO_FILE_EXTENSIONS],
  maxBytes: MAX_PO_FILE_BYTES,
};

/** The storefront's pages of the support area. */
export const SUPPORT_PATH = '/support';
export const articlePath = (articleId: string) => `/support/articles/${encodeURIComponent(articleId)}`;
