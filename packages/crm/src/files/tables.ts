import { FILE_RELATIONS } from '@storefront/contracts';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { quotes } from '../cart/tables';
import { bytea, oneOf } from '../db/columns';

/** The files capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

/**
 * Files of a quote, kept in the database (the same on PGlite and PostgreSQL), one per relation: a new PO
 * file replaces the old one. contentType comes from the checked content, never from the client.
 */
export const quoteFiles = pgTable(
  'quote_files',
  {
    id: text().primaryKey(),
    quoteId: text()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    relatedTo: text().$type<(typeof FILE_RELATIONS)[number]>().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.quoteId, t.relatedTo),
    check('quote_files_related_to_check', oneOf(t.relatedTo, FILE_RELATIONS)),
  ],
);

/**
 * A file arriving in chunks: what its first chunk declared, and how many chunks are in. The chunks wait in
 * file_upload_chunks until the last one arrives; uploads left unfinished are removed after a day.
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: text().primaryKey(),
    quoteId: text()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    relatedTo: text().$type<(typeof FILE_RELATIONS)[number]>().notNull(),
    fileName: text().notNull(),
    fileSize: integer().notNull(),
    /** The length in base64 characters of every chunk but the last. */
    chunkSize: integer().notNull(),
    chunkCount: integer().notNull(),
    receivedChunks: integer().notNull().default(0),
    publicLink: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.createdAt),
    check('file_uploads_related_to_check', oneOf(t.relatedTo, FILE_RELATIONS)),
  ],
);

export const fileUploadChunks = pgTable(
  'file_upload_chunks',
  {
    uploadId: text()
      .notNull()
      .references(() => fileUploads.id, { onDelete: 'cascade' }),
    chunkIndex: integer().notNull(),
    /** base64, as it arrived. */
    content: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkIndex] })],
);
