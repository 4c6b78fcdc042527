import {
  CASE_STATUSES,
  COMMENT_AUTHORS,
  PRIORITIES,
  REQUEST_STATUSES,
  type RequestFormField,
} from '@storefront/contracts/crm-service-requests';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, storefronts } from '../core/tables';
import { bytea, oneOf, tsvector } from '../db/columns';
import { installBase } from '../install-base/tables';

/** The support capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Service requests and support cases of the billing portal (issue 13; docs/decisions/0031).

/** The request form of a storefront: its fields in order (the CRM's configuration record). */
export const serviceRequestForms = pgTable('service_request_forms', {
  storefrontId: text()
    .primaryKey()
    .references(() => storefronts.id),
  fields: jsonb().$type<RequestFormField[]>().notNull(),
});

/** The last request or case number given: incremented under its row lock, so numbers never repeat. */
export const portalRecordCounters = pgTable('portal_record_counters', {
  kind: text().primaryKey(),
  last: integer().notNull(),
});

/**
 * A service request of an account. The configured fields' answers are kept with the labels they were asked
 * under, so a later change of the form does not rewrite what a customer filed.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: text().primaryKey(),
    number: text().notNull(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** The identity service's contact (signed-in users' contacts are not rows of contacts). */
    contactId: text(),
    createdByName: text().notNull(),
    subject: text().notNull(),
    category: text().notNull(),
    status: text().$type<(typeof REQUEST_STATUSES)[number]>().notNull().default('New'),
    priority: text().$type<(typeof PRIORITIES)[number]>().notNull(),
    fields: jsonb().$type<{ key: string; label: string; value: string }[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.number),
    index().on(t.accountId, t.createdAt),
    check('service_requests_status_check', oneOf(t.status, REQUEST_STATUSES)),
    check('service_requests_priority_check', oneOf(t.priority, PRIORITIES)),
  ],
);

/** Each status a request has had, with what support said on the change. */
export const serviceRequestHistory = pgTable(
  'service_request_history',
  {
    id: text().primaryKey(),
    requestId: text()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    status: text().$type<(typeof REQUEST_STATUSES)[number]>().notNull(),
    note: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.requestId, t.at),
    check('service_request_history_status_check', oneOf(t.status, REQUEST_STATUSES)),
  ],
);

/** A support case of an account (filed through the support issue's flow; listed in the portal). */
export const supportCases = pgTable(
  'support_cases',
  {
    id: text().primaryKey(),
    number: text().notNull(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    subject: text().notNull(),
    description: text().notNull(),
    product: text().notNull(),
    status: text().$type<(typeof CASE_STATUSES)[number]>().notNull().default('New'),
    priority: text().$type<(typeof PRIORITIES)[number]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.number),
    index().on(t.accountId, t.createdAt),
    check('support_cases_status_check', oneOf(t.status, CASE_STATUSES)),
    check('support_cases_priority_check', oneOf(t.priority, PRIORITIES)),
  ],
);

/** A comment on a request or a case (exactly one), from the customer or from support. */
export const portalComments = pgTable(
  'portal_comments',
  {
    id: text().primaryKey(),
    requestId: text().references(() => serviceRequests.id, { onDelete: 'cascade' }),
    caseId: text().references(() => supportCases.id, { onDelete: 'cascade' }),
    author: text().$type<(typeof COMMENT_AUTHORS)[number]>().notNull(),
    authorName: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.requestId, t.createdAt),
    index().on(t.caseId, t.createdAt),
    check('portal_comments_author_check', oneOf(t.author, COMMENT_AUTHORS)),
    check('portal_comments_parent_check', sql`num_nonnulls(${t.requestId}, ${t.caseId}) = 1`),
  ],
);

/**
 * A file attached to a request or a case (exactly one), kept in the database like the PO files and checked
 * the same way. It arrives in chunks appended in order; `complete` once the last is in and the whole file
 * checked. contentType comes from the checked content, never from the client.
 */
export const portalAttachments = pgTable(
  'portal_attachments',
  {
    id: text().primaryKey(),
    requestId: text().references(() => serviceRequests.id, { onDelete: 'cascade' }),
    caseId: text().references(() => supportCases.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    contentType: text().notNull(),
    fileSize: integer().notNull(),
    chunkSize: integer().notNull(),
    chunkCount: integer().notNull(),
    receivedChunks: integer().notNull(),
    content: bytea().notNull(),
    complete: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.requestId),
    index().on(t.caseId),
    check('portal_attachments_parent_check', sql`num_nonnulls(${t.requestId}, ${t.caseId}) = 1`),
  ],
);

/**
 * A troubleshooting article of a storefront's knowledge base. Symptoms and resolution steps are one per line.
 * `search` is the weighted document the search ranks (title A, symptoms B, cause C, resolution D), kept by
 * the database.
 */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    number: text().notNull(),
    title: text().notNull(),
    category: text().notNull(),
    symptoms: text().notNull(),
    cause: text().notNull(),
    resolution: text().notNull(),
    published: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, symptoms), 'B') || setweight(to_tsvector('english'::regconfig, cause), 'C') || setweight(to_tsvector('english'::regconfig, resolution), 'D')`,
      ),
  },
  (t) => [
    uniqueIndex().on(t.storefrontId, t.number),
    index('knowledge_articles_search').using('gin', t.search),
  ],
);

/**
 * The words of a storefront's articles (4 letters or more, lower case): what a misspelt word of a search is
 * corrected to, by trigram likeness over this short list rather than over every article's text.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    term: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storefrontId, t.term] }),
    index('knowledge_terms_term_trgm').using('gin', t.term.op('gin_trgm_ops')),
  ],
);

/** The instrument models an article applies to, by SKU in the storefront's catalogue and name as sold. */
export const knowledgeArticleModels = pgTable(
  'knowledge_article_models',
  {
    articleId: text()
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    modelSku: text().notNull(),
    modelName: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.modelSku] }), index().on(t.modelSku)],
);

/** A file attached to an article (a printable procedure, a diagram), for the storefront's signed-in users. */
export const knowledgeArticleAttachments = pgTable(
  'knowledge_article_attachments',
  {
    id: text().primaryKey(),
    articleId: text()
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.articleId)],
);

/**
 * How a case filed from the support page came about: the instrument it names (of the account's install base),
 * the symptoms as typed and who to call back. The case itself is a support_cases row like any other.
 */
export const supportCaseFilings = pgTable('support_case_filings', {
  caseId: text()
    .primaryKey()
    .references(() => supportCases.id, { onDelete: 'cascade' }),
  installBaseId: text()
    .notNull()
    .references(() => installBase.id),
  contactId: text(),
  contactName: text().notNull(),
  contactPhone: text(),
});
