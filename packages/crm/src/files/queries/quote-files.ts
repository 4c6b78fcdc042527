import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, lt, not, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { fileUploadChunks, fileUploads, quoteFiles, quotes } from '../../db/schema';
import { UPLOAD_LAPSES_AFTER_MINUTES } from '../rules/file-chunks';

export type QuoteFileRow = typeof quoteFiles.$inferSelect;
export type QuoteFileMeta = Omit<QuoteFileRow, 'content'>;
export type FileUploadRow = typeof fileUploads.$inferSelect;
type Relation = QuoteFileRow['relatedTo'];

const meta = {
  id: quoteFiles.id,
  quoteId: quoteFiles.quoteId,
  relatedTo: quoteFiles.relatedTo,
  fileName: quoteFiles.fileName,
  contentType: quoteFiles.contentType,
  size: quoteFiles.size,
  createdAt: quoteFiles.createdAt,
};

/** A stored file without its content. */
export async function findFileMeta(db: CrmDb, fileId: string): Promise<QuoteFileMeta | undefined> {
  const [row] = await db.select(meta).from(quoteFiles).where(eq(quoteFiles.id, fileId));
  return row;
}

export async function findFile(db: CrmDb, fileId: string): Promise<QuoteFileRow | undefined> {
  const [row] = await db.select().from(quoteFiles).where(eq(quoteFiles.id, fileId));
  return row;
}

/** The quote's file of a relation (at most one), without its content. */
export function quoteFilesOf(db: CrmDb, quoteId: string, relatedTo: Relation): Promise<QuoteFileMeta[]> {
  return db
    .select(meta)
    .from(quoteFiles)
    .where(and(eq(quoteFiles.quoteId, quoteId), eq(quoteFiles.relatedTo, relatedTo)));
}

/** Stores the quote's file of a relation, replacing the one it had; call with the quote locked. */
export async function replaceQuoteFile(
  tx: CrmDb,
  file: Pick<QuoteFileRow, 'quoteId' | 'relatedTo' | 'fileName' | 'contentType' | 'content'>,
): Promise<QuoteFileMeta> {
  await tx
    .delete(quoteFiles)
    .where(and(eq(quoteFiles.quoteId, file.quoteId), eq(quoteFiles.relatedTo, file.relatedTo)));
  const [row] = await tx
    .insert(quoteFiles)
    .values({ id: randomUUID(), ...file, size: file.content.length })
    .returning(meta);
  if (!row) throw new Error('quote file not stored');
  return row;
}

export async function deleteQuoteFile(db: CrmDb, fileId: string): Promise<void> {
  await db.delete(quoteFiles).where(eq(quoteFiles.id, fileId));
}

const lapsed = lt(fileUploads.createdAt, sql`now() - make_interval(mins => ${UPLOAD_LAPSES_AFTER_MINUTES})`);

/** Uploads not finished in time are given up: their chunks go with them. */
export async function deleteAbandonedUploads(db: CrmDb): Promise<number> {
  const gone = await db.delete(fileUploads).where(lapsed).returning({ id: fileUploads.id });
  return gone.length;
}

/**
 * Deletes the files of guest carts not changed for `days`, which no guest can reach any more; a cart that
 * became an order, or became a signed-in buyer's, keeps its files. Answers how many went.
 */
export async function deleteAbandonedGuestCartFiles(db: CrmDb, days: number): Promise<number> {
  const abandoned = db
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(
        isNotNull(quotes.guestSecretHash),
        eq(quotes.checkedOut, false),
        lt(quotes.modifiedAt, sql`now() - make_interval(days => ${days})`),
      ),
    );
  const gone = await db
    .delete(quoteFiles)
    .where(inArray(quoteFiles.quoteId, abandoned))
    .returning({ id: quoteFiles.id });
  return gone.length;
}

/** What the quote holds of files: those stored and its uploads still in progress (by their declared size). */
export async function heldFiles(db: CrmDb, quoteId: string): Promise<{ files: number; bytes: number }> {
  const [stored] = await db
    .select({ files: count(), bytes: sql<number>`coalesce(sum(${quoteFiles.size}), 0)::float8` })
    .from(quoteFiles)
    .where(eq(quoteFiles.quoteId, quoteId));
  const [uploading] = await db
    .select({ files: count(), bytes: sql<number>`coalesce(sum(${fileUploads.fileSize}), 0)::float8` })
    .from(fileUploads)
    .where(and(eq(fileUploads.quoteId, quoteId), not(lapsed)));
  return {
    files: (stored?.files ?? 0) + (uploading?.files ?? 0),
    bytes: Number(stored?.bytes ?? 0) + Number(uploading?.bytes ?? 0),
  };
}

export async function insertUpload(
  tx: CrmDb,
  upload: Omit<typeof fileUploads.$inferInsert, 'id' | 'receivedChunks' | 'createdAt'>,
  firstChunk: string,
): Promise<FileUploadRow> {
  const [row] = await tx
    .insert(fileUploads)
    .values({ id: randomUUID(), ...upload, receivedChunks: 1 })
    .returning();
  if (!row) throw new Error('upload not started');
  await tx.insert(fileUploadChunks).values({ uploadId: row.id, chunkIndex: 0, content: firstChunk });
  return row;
}

/** Stores chunk `chunkIndex` (again: replacing it) and answers how many chunks the upload has now. */
export async function putChunk(
  tx: CrmDb,
  upload: FileUploadRow,
  chunkIndex: number,
  content: string,
): Promise<number> {
  await tx
    .insert(fileUploadChunks)
    .values({ uploadId: upload.id, chunkIndex, content })
    .onConflictDoUpdate({
      target: [fileUploadChunks.uploadId, fileUploadChunks.chunkIndex],
      set: { content },
    });
  const receivedChunks = Math.max(upload.receivedChunks, chunkIndex + 1);
  await tx.update(fileUploads).set({ receivedChunks }).where(eq(fileUploads.id, upload.id));
  return receivedChunks;
}

export async function uploadChunks(tx: CrmDb, uploadId: string): Promise<string[]> {
  const rows = await tx
    .select({ content: fileUploadChunks.content })
    .from(fileUploadChunks)
    .where(eq(fileUploadChunks.uploadId, uploadId))
    .orderBy(asc(fileUploadChunks.chunkIndex));
  return rows.map((row) => row.content);
}

export async function deleteUpload(tx: CrmDb, uploadId: string): Promise<void> {
  await tx.delete(fileUploads).where(eq(fileUploads.id, uploadId));
}
