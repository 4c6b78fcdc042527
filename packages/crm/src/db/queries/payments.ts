import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CrmDb } from '../open';
import { paymentRequests, payments, storefronts } from '../schema';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** What a payment request names of its storefront: the merchant and the domain the buyer returns to. */
export async function findStorefrontIdentity(
  db: CrmDb,
  storefrontId: string,
): Promise<{ name: string; domain: string } | undefined> {
  const [row] = await db
    .select({ name: storefronts.name, domain: storefronts.domain })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId))
    .limit(1);
  return row;
}

export async function insertPaymentRequest(
  db: CrmDb,
  request: Omit<typeof paymentRequests.$inferInsert, 'id' | 'createdAt'>,
): Promise<PaymentRequestRow> {
  const [row] = await db
    .insert(paymentRequests)
    .values({ id: randomUUID(), ...request })
    .returning();
  if (!row) throw new Error('payment request not created');
  return row;
}

export async function findPaymentRequest(
  db: CrmDb,
  requestId: string,
): Promise<PaymentRequestRow | undefined> {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId)).limit(1);
  return row;
}

/** The request, locked for the rest of the transaction, so its result is recorded once. */
export async function lockPaymentRequest(
  tx: CrmDb,
  requestId: string,
): Promise<PaymentRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId))
    .for('update');
  return row;
}

export async function findPaymentOfRequest(db: CrmDb, requestId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.requestId, requestId)).limit(1);
  return row;
}

/**
 * Records a result; undefined when the request or the nonce already has one (the unique constraints decide,
 * so a parallel duplicate that got past the lock still records nothing).
 */
export async function insertPayment(
  db: CrmDb,
  payment: Omit<typeof payments.$inferInsert, 'id' | 'createdAt'>,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values({ id: randomUUID(), ...payment })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The quote's succeeded payment, else its latest declined one. */
export async function findQuotePayment(db: CrmDb, quoteId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.quoteId, quoteId))
    .orderBy(sql`${payments.status} = 'Succeeded' desc`, desc(payments.createdAt))
    .limit(1);
  return row;
}

/** Whether the quote is paid: what placing its order checks, and what stops a second payment. */
export async function findSucceededPayment(db: CrmDb, quoteId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.quoteId, quoteId), eq(payments.status, 'Succeeded')))
    .limit(1);
  return row;
}
