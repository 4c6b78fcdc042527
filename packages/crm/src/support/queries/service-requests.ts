import { randomUUID } from 'node:crypto';
import type { RequestStatus } from '@storefront/contracts';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  portalAttachments,
  portalComments,
  portalRecordCounters,
  serviceRequestForms,
  serviceRequestHistory,
  serviceRequests,
  supportCases,
} from '../../db/schema';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type SupportCaseRow = typeof supportCases.$inferSelect;
export type AttachmentRow = typeof portalAttachments.$inferSelect;
export type AttachmentMeta = Omit<AttachmentRow, 'content'>;
export type CommentRow = typeof portalComments.$inferSelect;

/** A request's or a case's row, of exactly one of them. */
export type Parent = { requestId: string; caseId?: never } | { caseId: string; requestId?: never };

export async function requestFormOf(db: CrmDb, storefrontId: string) {
  const [row] = await db
    .select({ fields: serviceRequestForms.fields })
    .from(serviceRequestForms)
    .where(eq(serviceRequestForms.storefrontId, storefrontId));
  return row?.fields ?? null;
}

/** The next number of a kind ('SR', 'CS'), taken under the counter row's lock until the transaction ends. */
export async function nextRecordNumber(tx: CrmDb, kind: 'SR' | 'CS'): Promise<string> {
  const [row] = await tx
    .insert(portalRecordCounters)
    .values({ kind, last: 1001 })
    .onConflictDoUpdate({
      target: portalRecordCounters.kind,
      set: { last: sql`${portalRecordCounters.last} + 1` },
    })
    .returning({ last: portalRecordCounters.last });
  if (!row) throw new Error(`no ${kind} number`);
  return `${kind}-${String(row.last).padStart(6, '0')}`;
}

export function listRequests(db: CrmDb, accountId: string, status?: RequestStatus) {
  return db
    .select()
    .from(serviceRequests)
    .where(
      and(eq(serviceRequests.accountId, accountId), status ? eq(serviceRequests.status, status) : undefined),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.number));
}

export async function findRequest(db: CrmDb, requestId: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId));
  return row;
}

export async function insertRequest(
  tx: CrmDb,
  request: Omit<typeof serviceRequests.$inferInsert, 'id' | 'number'>,
  note: string,
): Promise<ServiceRequestRow> {
  const number = await nextRecordNumber(tx, 'SR');
  const [row] = await tx
    .insert(serviceRequests)
    .values({ id: randomUUID(), number, ...request })
    .returning();
  if (!row) throw new Error('request not stored');
  await tx.insert(serviceRequestHistory).values({
    id: randomUUID(),
    requestId: row.id,
    status: row.status,
    note,
    at: row.createdAt,
  });
  return row;
}

export function requestHistory(db: CrmDb, requestId: string) {
  return db
    .select()
    .from(serviceRequestHistory)
    .where(eq(serviceRequestHistory.requestId, requestId))
    .orderBy(asc(serviceRequestHistory.at));
}

/** Changes a request's status and records the change in its history. */
export async function setRequestStatus(
  tx: CrmDb,
  requestId: string,
  status: RequestStatus,
  note: string,
  at: Date,
): Promise<void> {
  await tx.update(serviceRequests).set({ status, updatedAt: at }).where(eq(serviceRequests.id, requestId));
  await tx.insert(serviceRequestHistory).values({ id: randomUUID(), requestId, status, note, at });
}

export function listCases(db: CrmDb, accountId: string, status?: SupportCaseRow['status']) {
  return db
    .select()
    .from(supportCases)
    .where(and(eq(supportCases.accountId, accountId), status ? eq(supportCases.status, status) : undefined))
    .orderBy(desc(supportCases.createdAt), desc(supportCases.number));
}

export async function findCase(db: CrmDb, caseId: string): Promise<SupportCaseRow | undefined> {
  const [row] = await db.select().from(supportCases).where(eq(supportCases.id, caseId));
  return row;
}

export async function insertCase(
  tx: CrmDb,
  record: Omit<typeof supportCases.$inferInsert, 'id' | 'number'>,
): Promise<SupportCaseRow> {
  const number = await nextRecordNumber(tx, 'CS');
  const [row] = await tx
    .insert(supportCases)
    .values({ id: randomUUID(), number, ...record })
    .returning();
  if (!row) throw new Error('case not stored');
  return row;
}

const parentIs = (table: typeof portalComments | typeof portalAttachments, parent: Parent) =>
  parent.requestId ? eq(table.requestId, parent.requestId) : eq(table.caseId, parent.caseId ?? '');

export function commentsOf(db: CrmDb, parent: Parent) {
  return db
    .select()
    .from(portalComments)
    .where(parentIs(portalComments, parent))
    .orderBy(asc(portalComments.createdAt));
}

export async function insertComment(
  db: CrmDb,
  comment: Omit<typeof portalComments.$inferInsert, 'id'>,
): Promise<CommentRow> {
  const [row] = await db
    .insert(portalComments)
    .values({ id: randomUUID(), ...comment })
    .returning();
  if (!row) throw new Error('comment not stored');
  return row;
}

const attachmentMeta = {
  id: portalAttachments.id,
  requestId: portalAttachments.requestId,
  caseId: portalAttachments.caseId,
  fileName: portalAttachments.fileName,
  contentType: portalAttachments.contentType,
  fileSize: portalAttachments.fileSize,
  chunkSize: portalAttachments.chunkSize,
  chunkCount: portalAttachments.chunkCount,
  receivedChunks: portalAttachments.receivedChunks,
  complete: portalAttachments.complete,
  createdAt: portalAttachments.createdAt,
};

/** The parent's complete attachments, oldest first, without their content. */
export function attachmentsOf(db: CrmDb, parent: Parent): Promise<AttachmentMeta[]> {
  return db
    .select(attachmentMeta)
    .from(portalAttachments)
    .where(and(parentIs(portalAttachments, parent), eq(portalAttachments.complete, true)))
    .orderBy(asc(portalAttachments.createdAt));
}

export async function findAttachment(db: CrmDb, attachmentId: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(portalAttachments).where(eq(portalAttachments.id, attachmentId));
  return row;
}

/** The upload, locked until the transaction ends, so its chunks are appended one at a time. */
export async function lockAttachment(tx: CrmDb, attachmentId: string): Promise<AttachmentMeta | undefined> {
  const [row] = await tx
    .select(attachmentMeta)
    .from(portalAttachments)
    .where(eq(portalAttachments.id, attachmentId))
    .for('update');
  return row;
}

export async function insertAttachment(
  db: CrmDb,
  attachment: Omit<typeof portalAttachments.$inferInsert, 'id'>,
): Promise<AttachmentMeta> {
  const [row] = await db
    .insert(portalAttachments)
    .values({ id: randomUUID(), ...attachment })
    .returning(attachmentMeta);
  if (!row) throw new Error('attachment not stored');
  return row;
}

/** Appends a chunk's bytes (the upload locked); answers the content so far. */
export async function appendChunk(tx: CrmDb, upload: AttachmentMeta, bytes: Buffer): Promise<Buffer> {
  const [row] = await tx
    .select({ content: portalAttachments.content })
    .from(portalAttachments)
    .where(eq(portalAttachments.id, upload.id));
  const content = Buffer.concat([row?.content ?? Buffer.alloc(0), bytes]);
  await tx
    .update(portalAttachments)
    .set({ content, receivedChunks: upload.receivedChunks + 1 })
    .where(eq(portalAttachments.id, upload.id));
  return content;
}

export async function completeAttachment(tx: CrmDb, attachmentId: string, contentType: string) {
  await tx
    .update(portalAttachments)
    .set({ complete: true, contentType })
    .where(eq(portalAttachments.id, attachmentId));
}

export async function deleteAttachment(db: CrmDb, attachmentId: string): Promise<void> {
  await db.delete(portalAttachments).where(eq(portalAttachments.id, attachmentId));
}

/** Uploads not finished within a day are given up. */
export async function deleteAbandonedAttachments(db: CrmDb): Promise<void> {
  await db
    .delete(portalAttachments)
    .where(
      and(
        eq(portalAttachments.complete, false),
        lt(portalAttachments.createdAt, sql`now() - interval '1 day'`),
      ),
    );
}
