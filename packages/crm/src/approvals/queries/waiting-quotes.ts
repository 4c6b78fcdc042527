import { eq, sql } from 'drizzle-orm';
import { type CartOwner, deactivateQuotes } from '../../cart';
import type { CrmDb } from '../../db/open';
import { quotes } from '../../db/schema';

/**
 * A quote waiting for approval is checked out, as an order in the making is: no line, address or total of it
 * changes (every change refuses a checked-out quote), and the buyer's next add starts a new cart.
 */
export async function checkOutForApproval(db: CrmDb, quoteId: string): Promise<void> {
  await db.update(quotes).set({ checkedOut: true, modifiedAt: sql`now()` }).where(eq(quotes.id, quoteId));
}

/** The quote is the buyer's active, editable cart again (rejected, or approved for the buyer to finish). */
export async function returnToBuyer(db: CrmDb, owner: CartOwner, quoteId: string): Promise<void> {
  await deactivateQuotes(db, owner);
  await db
    .update(quotes)
    .set({ checkedOut: false, status: 'Active', modifiedAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}
