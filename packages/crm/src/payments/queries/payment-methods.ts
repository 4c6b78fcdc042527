import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { paymentMethodRequests, paymentMethods } from '../../db/schema';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentMethodRequestRow = typeof paymentMethodRequests.$inferSelect;

/** The account's saved cards: the default first, then the newest. */
export function listPaymentMethods(db: CrmDb, accountId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.accountId, accountId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/**
 * The account's saved cards, locked for the rest of the transaction: changes of the default (and removals)
 * queue behind each other, so two at once never leave two defaults or none.
 */
export function lockPaymentMethods(tx: CrmDb, accountId: string): Promise<PaymentMethodRow[]> {
  return tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.accountId, accountId))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .for('update');
}

export async function findPaymentMethod(db: CrmDb, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  return row;
}

export async function insertPaymentMethodRequest(
  db: CrmDb,
  request: Omit<typeof paymentMethodRequests.$inferInsert, 'id' | 'createdAt' | 'declinedAt'>,
): Promise<PaymentMethodRequestRow> {
  const [row] = await db
    .insert(paymentMethodRequests)
    .values({ id: randomUUID(), ...request })
    .returning();
  if (!row) throw new Error('payment method request not created');
  return row;
}

/** The save request, locked for the rest of the transaction, so its result is recorded once. */
export async function lockPaymentMethodRequest(
  tx: CrmDb,
  requestId: string,
): Promise<PaymentMethodRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentMethodRequests)
    .where(eq(paymentMethodRequests.id, requestId))
    .for('update');
  return row;
}

export async function findMethodOfRequest(
  db: CrmDb,
  requestId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.requestId, requestId))
    .limit(1);
  return row;
}

export async function markRequestDeclined(db: CrmDb, requestId: string, at: Date): Promise<void> {
  await db
    .update(paymentMethodRequests)
    .set({ declinedAt: at })
    .where(eq(paymentMethodRequests.id, requestId));
}

/** Saves a card; undefined when its request, nonce or token already has one (the unique constraints decide). */
export async function insertPaymentMethod(
  db: CrmDb,
  method: Omit<typeof paymentMethods.$inferInsert, 'id' | 'createdAt'>,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .insert(paymentMethods)
    .values({ id: randomUUID(), ...method })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Makes the method the account's only default (clearing the old one first: one default per account). */
export async function makeDefault(db: CrmDb, accountId: string, methodId: string): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.accountId, accountId), ne(paymentMethods.id, methodId)));
  await db
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.id, methodId)));
}

export async function deletePaymentMethod(db: CrmDb, methodId: string): Promise<void> {
  await db.delete(paymentMethods).where(eq(paymentMethods.id, methodId));
}
