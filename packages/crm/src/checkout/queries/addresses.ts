import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { QuoteRow } from '../../cart';
import type { AccountRow } from '../../core/accounts';
import type { CrmDb } from '../../db/open';
import { accounts, locations, quotes } from '../../db/schema';

export type LocationRow = typeof locations.$inferSelect;
export type LocationFields = Pick<
  LocationRow,
  'name' | 'address' | 'address2' | 'city' | 'state' | 'zip' | 'country'
>;

/** The child accounts of an account, by name. */
export function findChildAccounts(db: CrmDb, parentAccountId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.parentAccountId, parentAccountId))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** The locations of the accounts, each account's default first, then by name. */
export function findLocations(db: CrmDb, accountIds: readonly string[]): Promise<LocationRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(locations)
    .where(inArray(locations.accountId, [...accountIds]))
    .orderBy(asc(locations.accountId), desc(locations.isDefault), asc(locations.name), asc(locations.id));
}

export async function findLocation(db: CrmDb, locationId: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  return row;
}

export async function insertLocation(
  db: CrmDb,
  accountId: string,
  fields: LocationFields,
): Promise<LocationRow> {
  const [row] = await db
    .insert(locations)
    .values({ id: randomUUID(), accountId, ...fields })
    .returning();
  if (!row) throw new Error('location not created');
  return row;
}

export async function updateLocation(db: CrmDb, locationId: string, fields: LocationFields): Promise<void> {
  await db
    .update(locations)
    .set({ ...fields, modifiedAt: sql`now()` })
    .where(eq(locations.id, locationId));
}

export async function deleteLocation(db: CrmDb, locationId: string): Promise<void> {
  await db.delete(locations).where(eq(locations.id, locationId));
}

/** Writes address columns onto the quote. */
export async function updateQuoteAddress(
  db: CrmDb,
  quoteId: string,
  columns: Partial<Omit<QuoteRow, 'id'>>,
): Promise<void> {
  await db
    .update(quotes)
    .set({ ...columns, modifiedAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}
