import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { paymentRefunds, payments } from '../../db/schema';

export type RefundRow = typeof paymentRefunds.$inferSelect;

/** Queues money to give back of a charge; the refund delivery sends it after the transaction commits. */
export async function insertRefund(
  db: CrmDb,
  refund: { paymentId: string; amount: number; currency: string; reason: string },
): Promise<RefundRow> {
  const [row] = await db
    .insert(paymentRefunds)
    .values({ id: randomUUID(), ...refund })
    .returning();
  if (!row) throw new Error('refund not queued');
  return row;
}

/** A pending refund with what the provider needs to find its charge. */
export interface DueRefund {
  id: string;
  amount: number;
  currency: string;
  attempts: number;
  requestId: string;
  chargeNonce: string;
}

/** Pending refunds whose next try is due, oldest first. */
export function dueRefunds(db: CrmDb, limit: number): Promise<DueRefund[]> {
  return db
    .select({
      id: paymentRefunds.id,
      amount: paymentRefunds.amount,
      currency: paymentRefunds.currency,
      attempts: paymentRefunds.attempts,
      requestId: payments.requestId,
      chargeNonce: payments.nonce,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.status, 'Pending'), lte(paymentRefunds.nextAttemptAt, sql`now()`)))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    .limit(limit);
}

/**
 * Claims a due refund for one try (its attempt counted, its next try pushed back) unless another delivery did
 * first; true when this call did, so two deliveries never send one refund at once.
 */
export async function claimRefund(
  db: CrmDb,
  refund: Pick<DueRefund, 'id' | 'attempts'>,
  retryAfterSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(paymentRefunds)
    .set({
      attempts: sql`${paymentRefunds.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds})`,
    })
    .where(
      and(
        eq(paymentRefunds.id, refund.id),
        eq(paymentRefunds.status, 'Pending'),
        eq(paymentRefunds.attempts, refund.attempts),
      ),
    )
    .returning({ id: paymentRefunds.id });
  return rows.length > 0;
}

/** The provider's answer to a try: refunded, or the problem (Failed after the last try, else still Pending). */
export async function settleRefund(
  db: CrmDb,
  refundId: string,
  outcome: { refunded: true } | { refunded: false; problem: string; lastTry: boolean },
): Promise<void> {
  await db
    .update(paymentRefunds)
    .set(
      outcome.refunded
        ? { status: 'Refunded', settledAt: sql`now()`, lastError: null }
        : { status: outcome.lastTry ? 'Failed' : 'Pending', lastError: outcome.problem },
    )
    .where(eq(paymentRefunds.id, refundId));
}

/** The refunds of a quote's payments with the card each goes back to, newest first. */
export function refundsOfQuote(db: CrmDb, quoteId: string) {
  return db
    .select({
      amount: paymentRefunds.amount,
      currency: paymentRefunds.currency,
      status: paymentRefunds.status,
      reason: paymentRefunds.reason,
      brand: payments.brand,
      last4: payments.last4,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.quoteId, quoteId))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
}
