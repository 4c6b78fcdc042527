import { and, count, eq, ne, sql } from 'drizzle-orm';
import { type CartOwner, ownedBy } from '../../cart';
import type { CrmDb } from '../../db/open';
import { purchaseOrderSettings, quotes } from '../../db/schema';

export type PurchaseOrderSettings = Pick<
  typeof purchaseOrderSettings.$inferSelect,
  'duplicateCheck' | 'duplicateMessage'
>;

/** The storefront's duplicate-PO setting; a storefront without one does not check. */
export async function findPurchaseOrderSettings(
  db: CrmDb,
  storefrontId: string,
): Promise<PurchaseOrderSettings> {
  const [row] = await db
    .select({
      duplicateCheck: purchaseOrderSettings.duplicateCheck,
      duplicateMessage: purchaseOrderSettings.duplicateMessage,
    })
    .from(purchaseOrderSettings)
    .where(eq(purchaseOrderSettings.storefrontId, storefrontId));
  return row ?? { duplicateCheck: false, duplicateMessage: null };
}

/**
 * Whose PO numbers a PO number must differ from: every quote of the account; on the storefront's shared
 * guest account only the guest's own carts, so one guest neither blocks nor learns another's PO numbers.
 */
function poNumberOwner(owner: CartOwner) {
  return owner.guestSecretHash === null ? eq(quotes.accountId, owner.accountId) : ownedBy(owner);
}

/** How many of the owner's quotes, other than `exceptQuoteId`, have the PO number, whatever its letter case. */
export async function countPoNumber(
  db: CrmDb,
  owner: CartOwner,
  poNumber: string,
  exceptQuoteId?: string,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(quotes)
    .where(
      and(
        poNumberOwner(owner),
        sql`lower(${quotes.poNumber}) = lower(${poNumber})`,
        exceptQuoteId === undefined ? undefined : ne(quotes.id, exceptQuoteId),
      ),
    );
  return row?.count ?? 0;
}

export async function setPoNumber(db: CrmDb, quoteId: string, poNumber: string | null): Promise<void> {
  await db.update(quotes).set({ poNumber, modifiedAt: sql`now()` }).where(eq(quotes.id, quoteId));
}
