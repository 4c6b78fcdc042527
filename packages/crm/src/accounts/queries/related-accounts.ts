import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CrmDb } from '../../db/open';
import { accountSelections, accounts, contacts, portalAccessibleAccounts } from '../../db/schema';

export type PortalAccessibleAccountRow = typeof portalAccessibleAccounts.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/** '%' and '_' typed by a person are literal characters, not patterns. */
const literalPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The master's records with both accounts, the related accounts sorted by name. */
export async function findRelatedAccounts(
  db: CrmDb,
  masterAccountId: string,
  options: { portalContext: boolean; searchText: string },
): Promise<{ record: PortalAccessibleAccountRow; master: AccountRow; related: AccountRow }[]> {
  const master = alias(accounts, 'master_account');
  const related = alias(accounts, 'related_account');
  const conditions = [eq(portalAccessibleAccounts.masterAccountId, masterAccountId)];
  if (!options.portalContext) conditions.push(eq(portalAccessibleAccounts.portalContext, false));
  if (options.searchText.trim())
    conditions.push(ilike(related.name, literalPattern(options.searchText.trim())));
  return db
    .select({ record: portalAccessibleAccounts, master, related })
    .from(portalAccessibleAccounts)
    .innerJoin(master, eq(master.id, portalAccessibleAccounts.masterAccountId))
    .innerJoin(related, eq(related.id, portalAccessibleAccounts.relatedAccountId))
    .where(and(...conditions))
    .orderBy(asc(related.name), asc(related.id));
}

/** Whether some master relates the account as one taking orders in its behalf. */
export async function isShipToAccount(db: CrmDb, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: portalAccessibleAccounts.id })
    .from(portalAccessibleAccounts)
    .where(
      and(
        eq(portalAccessibleAccounts.relatedAccountId, accountId),
        eq(portalAccessibleAccounts.shipTo, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countContacts(db: CrmDb, accountId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(contacts).where(eq(contacts.accountId, accountId));
  return row?.count ?? 0;
}

export interface Selection {
  selectedAccountId: string | null;
  shipToAccountId: string | null;
}

export async function findSelection(db: CrmDb, storefrontId: string, contactId: string): Promise<Selection> {
  const [row] = await db
    .select({
      selectedAccountId: accountSelections.selectedAccountId,
      shipToAccountId: accountSelections.shipToAccountId,
    })
    .from(accountSelections)
    .where(and(eq(accountSelections.storefrontId, storefrontId), eq(accountSelections.contactId, contactId)))
    .limit(1);
  return row ?? { selectedAccountId: null, shipToAccountId: null };
}

export async function saveSelection(
  db: CrmDb,
  storefrontId: string,
  contactId: string,
  selection: Selection,
): Promise<Selection> {
  await db
    .insert(accountSelections)
    .values({ storefrontId, contactId, ...selection })
    .onConflictDoUpdate({
      target: [accountSelections.storefrontId, accountSelections.contactId],
      set: { ...selection, updatedAt: sql`now()` },
    });
  return selection;
}
