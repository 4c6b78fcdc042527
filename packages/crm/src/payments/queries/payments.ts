import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  paymentRefunds,
  paymentRequestInvoices,
  paymentRequests,
  payments,
  storefronts,
} from '../../db/schema';

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

/** The result the provider sent with this nonce: a replayed callback finds its first delivery. */
export async function findPaymentByNonce(db: CrmDb, nonce: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.nonce, nonce)).limit(1);
  return row;
}

/** The request's applied result, else its latest: what a receipt of a payment of invoices shows. */
export async function findPaymentOfRequest(db: CrmDb, requestId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.requestId, requestId))
    .orderBy(sql`${payments.notAppliedReason} is null desc`, desc(payments.createdAt))
    .limit(1);
  return row;
}

/**
 * Records a result; undefined when the nonce already has one (the unique constraint decides, so a parallel
 * duplicate that got past the lock still records nothing).
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

const applied = and(eq(payments.status, 'Succeeded'), isNull(payments.notAppliedReason));

/** Whether a charge of the request was already applied: a request pays what it names once. */
export async function requestWasApplied(db: CrmDb, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.requestId, requestId), applied))
    .limit(1);
  return row !== undefined;
}

/** The quote's latest applied payment, else its latest declined one. */
export async function findQuotePayment(db: CrmDb, quoteId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.quoteId, quoteId), or(applied, eq(payments.status, 'Declined'))))
    .orderBy(sql`${payments.status} = 'Succeeded' desc`, desc(payments.createdAt))
    .limit(1);
  return row;
}

/** A payment applied to a quote, and what of it is still kept after its refunds. */
export interface AppliedPayment {
  id: string;
  amount: number;
  kept: number;
  currency: string;
  brand: PaymentRow['brand'];
  last4: string;
}

/**
 * The card payments applied to the quote, newest first, each with what is kept of it: its amount less every
 * refund made or queued of it. What they keep together is what the quote is paid.
 */
export function appliedQuotePayments(db: CrmDb, quoteId: string): Promise<AppliedPayment[]> {
  const refunded = db
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, payments.id));
  return db
    .select({
      id: payments.id,
      amount: payments.amount,
      kept: sql<number>`(${payments.amount} - (${refunded}))::float8`.mapWith(Number),
      currency: payments.currency,
      brand: payments.brand,
      last4: payments.last4,
    })
    .from(payments)
    .where(and(eq(payments.quoteId, quoteId), applied))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * Closes the quote's open payment requests: the one about to be made is then the only one a result can be
 * applied for.
 */
export async function closeQuoteRequests(tx: CrmDb, quoteId: string, at: Date): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({ closedAt: at })
    .where(and(eq(paymentRequests.quoteId, quoteId), isNull(paymentRequests.closedAt)));
}

/** Closes the open payment requests that pay any of the invoices, for the same reason. */
export async function closeInvoiceRequests(
  tx: CrmDb,
  invoiceIds: readonly string[],
  at: Date,
): Promise<void> {
  const paying = tx
    .select({ requestId: paymentRequestInvoices.requestId })
    .from(paymentRequestInvoices)
    .where(inArray(paymentRequestInvoices.invoiceId, [...invoiceIds]));
  await tx
    .update(paymentRequests)
    .set({ closedAt: at })
    .where(and(inArray(paymentRequests.id, paying), isNull(paymentRequests.closedAt)));
}
