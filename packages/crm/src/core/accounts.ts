import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CrmDb } from '../db/open';
import { accounts, catalogues } from '../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type CatalogueRow = typeof catalogues.$inferSelect;

export async function findAccount(db: CrmDb, accountId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/** What a read that needs no catalogue checks an account by: its storefront, and whether it is the guest account. */
export type AccountMembership = Pick<AccountRow, 'id' | 'storefrontId' | 'isGuest'>;

/** The account with its own catalogue (if any) and its storefront's Full catalogue, in one read. */
export async function findAccountWithCatalogues(
  db: CrmDb,
  accountId: string,
): Promise<{ account: AccountRow; own: CatalogueRow | null; full: CatalogueRow | null } | undefined> {
  const own = alias(catalogues, 'own_catalogue');
  const full = alias(catalogues, 'full_catalogue');
  const [row] = await db
    .select({ account: accounts, own, full })
    .from(accounts)
    .leftJoin(own, eq(own.id, accounts.catalogueId))
    .leftJoin(full, and(eq(full.storefrontId, accounts.storefrontId), eq(full.type, 'Full')))
    .where(eq(accounts.id, accountId))
    .orderBy(asc(full.id))
    .limit(1);
  return row;
}
