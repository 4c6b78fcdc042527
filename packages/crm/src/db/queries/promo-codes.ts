import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CrmDb } from '../open';
import { promoCodeItems, promoCodes, promoCodeUses, quoteLineItems } from '../schema';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeUseRow = typeof promoCodeUses.$inferSelect;

/** Codes are matched whatever their letter case, as the unique index on lower(code) promises. */
const codeIs = (storefrontId: string, code: string) =>
  and(eq(promoCodes.storefrontId, storefrontId), sql`lower(${promoCodes.code}) = lower(${code})`);

export async function findPromoCode(
  db: CrmDb,
  storefrontId: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(codeIs(storefrontId, code)).limit(1);
  return row;
}

/** The code, locked until the transaction ends, so counting and recording its uses is one step. */
export async function lockPromoCode(
  tx: CrmDb,
  storefrontId: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(codeIs(storefrontId, code)).for('update');
  return row;
}

/** Which of the items the code names (for a code limited to a list of items). */
export async function eligibleItemIds(
  db: CrmDb,
  promoCodeId: string,
  itemIds: readonly string[],
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ itemId: promoCodeItems.itemId })
    .from(promoCodeItems)
    .where(and(eq(promoCodeItems.promoCodeId, promoCodeId), inArray(promoCodeItems.itemId, [...itemIds])));
  return new Set(rows.map((row) => row.itemId));
}

export async function countUses(db: CrmDb, promoCodeId: string): Promise<number> {
  const [row] = await db
    .select({ uses: count() })
    .from(promoCodeUses)
    .where(eq(promoCodeUses.promoCodeId, promoCodeId));
  return row?.uses ?? 0;
}

/** The quote's promo code and its use, if one was applied. */
export async function findQuotePromo(
  db: CrmDb,
  quoteId: string,
): Promise<{ use: PromoCodeUseRow; code: PromoCodeRow } | undefined> {
  const [row] = await db
    .select({ use: promoCodeUses, code: promoCodes })
    .from(promoCodeUses)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId))
    .where(eq(promoCodeUses.quoteId, quoteId))
    .limit(1);
  return row;
}

export async function insertUse(
  db: CrmDb,
  use: Pick<PromoCodeUseRow, 'promoCodeId' | 'quoteId' | 'accountId' | 'complete'>,
): Promise<void> {
  await db.insert(promoCodeUses).values({ id: randomUUID(), ...use });
}

export async function completeUse(db: CrmDb, useId: string): Promise<void> {
  await db.update(promoCodeUses).set({ complete: true }).where(eq(promoCodeUses.id, useId));
}

/** Marks lines of the quote as discounted by its promo code; repricing computes the amounts. */
export async function markPromoLines(db: CrmDb, quoteId: string, lineIds: readonly string[]): Promise<void> {
  await db
    .update(quoteLineItems)
    .set({ promoApplied: true, modifiedAt: sql`now()` })
    .where(and(eq(quoteLineItems.quoteId, quoteId), inArray(quoteLineItems.id, [...lineIds])));
}
