import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { LocationRow } from '../../checkout';
import type { CrmDb } from '../../db/open';
import { accounts, locations } from '../../db/schema';

/** A location as the address book writes it: its name, address and contact. */
export type BookLocationFields = Pick<
  LocationRow,
  | 'name'
  | 'address'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'email'
>;

export async function insertBookLocation(
  db: CrmDb,
  accountId: string,
  fields: BookLocationFields,
): Promise<string> {
  const id = randomUUID();
  await db.insert(locations).values({ id, accountId, ...fields });
  return id;
}

export async function updateBookLocation(
  db: CrmDb,
  locationId: string,
  fields: BookLocationFields,
): Promise<void> {
  await db
    .update(locations)
    .set({ ...fields, modifiedAt: sql`now()` })
    .where(eq(locations.id, locationId));
}

/** Makes the location its account's only default: the old default is cleared first (a partial unique index). */
export async function makeDefaultLocation(db: CrmDb, accountId: string, locationId: string): Promise<void> {
  await db
    .update(locations)
    .set({ isDefault: false, modifiedAt: sql`now()` })
    .where(
      and(eq(locations.accountId, accountId), eq(locations.isDefault, true), ne(locations.id, locationId)),
    );
  await db
    .update(locations)
    .set({ isDefault: true, modifiedAt: sql`now()` })
    .where(eq(locations.id, locationId));
}

export interface ShippingPreferenceColumns {
  preferredShippingCarrier: string | null;
  preferredShippingService: string | null;
  carrierAccountNumber: string | null;
}

export async function updateShippingPreferences(
  db: CrmDb,
  accountId: string,
  columns: ShippingPreferenceColumns,
): Promise<void> {
  await db.update(accounts).set(columns).where(eq(accounts.id, accountId));
}
