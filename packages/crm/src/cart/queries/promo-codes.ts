import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { lockPromoCode } from '../../db/locks';
import type { CrmDb } from '../../db/open';
import { promoCodeItems, promoCodes, promoCodeUses, quoteLineItems } from '../../db/schema';
import { PROMO_RESERVATION_HOURS } from '../rules/promo-codes';

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

// The clock, not the transaction's start (now()): a transaction that waited for a code's lock judges
// reservations by the moment it got the lock, the moment the one before it judged them by.
const clock = sql`clock_timestamp()`;
const reservationEnd = sql`${clock} + make_interval(hours => ${PROMO_RESERVATION_HOURS})`;

/** A use counts against its code's limit once spent, and before that while its reservation has not lapsed. */
const countsAgainstLimit = sql<boolean>`(${promoCodeUses.spentAt} is not null or ${promoCodeUses.reservedUntil} > ${clock})`;

/** The uses counting against the code's limit; call it holding the code's lock (lockPromoCode). */
export async function countHeldUses(db: CrmDb, promoCodeId: string): Promise<number> {
  const [row] = await db
    .select({ uses: count() })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, promoCodeId), countsAgainstLimit));
  return row?.uses ?? 0;
}

/**
 * The quote's promo code and its use, if one was applied. `held`: the quote still has the code. A code
 * without a usage limit makes nobody wait for its uses, so its reservations never lapse.
 */
export async function findQuotePromo(
  db: CrmDb,
  quoteId: string,
): Promise<{ use: PromoCodeUseRow; code: PromoCodeRow; held: boolean } | undefined> {
  const [row] = await db
    .select({
      use: promoCodeUses,
      code: promoCodes,
      held: sql<boolean>`(${countsAgainstLimit} or ${promoCodes.usageLimit} is null)`,
    })
    .from(promoCodeUses)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId))
    .where(eq(promoCodeUses.quoteId, quoteId))
    .limit(1);
  return row;
}

export type QuotePromo = NonNullable<Awaited<ReturnType<typeof findQuotePromo>>>;

/** A new use of the code by the quote: a reservation until the quote has not changed for a while. */
export async function insertReservation(
  db: CrmDb,
  use: Pick<PromoCodeUseRow, 'promoCodeId' | 'quoteId' | 'accountId' | 'complete'>,
): Promise<void> {
  await db.insert(promoCodeUses).values({ id: randomUUID(), ...use, reservedUntil: reservationEnd });
}

export async function completeUse(db: CrmDb, useId: string): Promise<void> {
  await db.update(promoCodeUses).set({ complete: true }).where(eq(promoCodeUses.id, useId));
}

/**
 * The quote gives its code up: its use (unless spent by an order) and the mark on its lines, so repricing
 * drops the discount and the use counts against the code's limit no more.
 */
export async function releaseQuotePromo(db: CrmDb, quoteId: string): Promise<void> {
  await db
    .delete(promoCodeUses)
    .where(and(eq(promoCodeUses.quoteId, quoteId), isNull(promoCodeUses.spentAt)));
  await db
    .update(quoteLineItems)
    .set({ promoApplied: false, modifiedAt: sql`now()` })
    .where(and(eq(quoteLineItems.quoteId, quoteId), eq(quoteLineItems.promoApplied, true)));
}

/**
 * The quote's promo code while the quote holds it; a lapsed reservation is given up on the way. Giving one up
 * needs no lock on the code: nobody counts a lapsed reservation, and only this quote's changes (under its
 * lock) could renew it.
 */
export async function findHeldQuotePromo(db: CrmDb, quoteId: string): Promise<QuotePromo | undefined> {
  const applied = await findQuotePromo(db, quoteId);
  if (applied?.held) return applied;
  if (applied) await releaseQuotePromo(db, quoteId);
  return undefined;
}

/**
 * Keeps the quote's promo code through a change of the quote (under the quote's lock): the reservation runs
 * again from now, or, lapsed, is given up. A limited code's row is locked first, so a reservation a parallel
 * apply has just counted as lapsed is not renewed behind its back.
 */
export async function holdQuotePromo(tx: CrmDb, quoteId: string): Promise<QuotePromo | undefined> {
  const applied = await findQuotePromo(tx, quoteId);
  if (!applied || applied.use.spentAt !== null) return applied;
  const limited = applied.code.usageLimit !== null;
  if (limited) await lockPromoCode(tx, applied.code.id);
  const [renewed] = await tx
    .update(promoCodeUses)
    .set({ reservedUntil: reservationEnd })
    .where(and(eq(promoCodeUses.id, applied.use.id), limited ? countsAgainstLimit : undefined))
    .returning();
  if (renewed) return { ...applied, use: renewed, held: true };
  await releaseQuotePromo(tx, quoteId);
  return undefined;
}

/**
 * Spends the quote's promo code use as its order is placed, so it counts against the limit for good. The
 * checkout calls it in the order's transaction, under the quote's lock, after repricing the quote (which gives
 * up a lapsed reservation, so the order carries no discount the code no longer grants). Answers whether the
 * order spends a use: false when the quote holds no code. Spending twice spends once.
 */
export async function spendPromoCodeUse(tx: CrmDb, quoteId: string): Promise<boolean> {
  const held = await holdQuotePromo(tx, quoteId);
  if (!held) return false;
  await tx
    .update(promoCodeUses)
    .set({ spentAt: clock })
    .where(and(eq(promoCodeUses.id, held.use.id), isNull(promoCodeUses.spentAt)));
  return true;
}

/** Marks lines of the quote as discounted by its promo code; repricing computes the amounts. */
export async function markPromoLines(db: CrmDb, quoteId: string, lineIds: readonly string[]): Promise<void> {
  await db
    .update(quoteLineItems)
    .set({ promoApplied: true, modifiedAt: sql`now()` })
    .where(and(eq(quoteLineItems.quoteId, quoteId), inArray(quoteLineItems.id, [...lineIds])));
}
