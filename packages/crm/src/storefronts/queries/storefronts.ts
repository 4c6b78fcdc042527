import { asc, eq } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { organisations, storefronts, themes } from '../../db/schema';

export function listActiveStorefronts(db: CrmDb) {
  return db
    .select({ storefront: storefronts, theme: themes, organisation: organisations })
    .from(storefronts)
    .innerJoin(themes, eq(themes.key, storefronts.themeKey))
    .innerJoin(organisations, eq(organisations.id, storefronts.organisationId))
    .where(eq(storefronts.active, true))
    .orderBy(asc(storefronts.name));
}

export async function findStorefrontName(db: CrmDb, storefrontId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: storefronts.name })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId))
    .limit(1);
  return row?.name;
}

/** The account every guest of the storefront browses as; null on an authenticated-only storefront. */
export async function findGuestAccountId(db: CrmDb, storefrontId: string): Promise<string | null> {
  const [row] = await db
    .select({ guestAccountId: storefronts.guestAccountId })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId))
    .limit(1);
  return row?.guestAccountId ?? null;
}

/** Whether the storefront checks addresses with the tax service; undefined for an unknown storefront. */
export async function findAddressValidation(db: CrmDb, storefrontId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ enabled: storefronts.avataxAddressValidation })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId))
    .limit(1);
  return row?.enabled;
}
