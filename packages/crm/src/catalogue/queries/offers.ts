import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { catalogueItems, offerItems, offers } from '../../db/schema';
import { cardFields } from './catalogue';

const offerFields = {
  id: offers.id,
  name: offers.name,
  description: offers.description,
  offerType: offers.offerType,
  discount: offers.discount,
  appliedOnField: offers.appliedOnField,
  validFrom: offers.validFrom,
  validTo: offers.validTo,
};

/** Every offer linked to the items, whatever its dates; validity is decided by the domain. */
export function offersForItems(db: CrmDb, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ itemId: offerItems.itemId, ...offerFields })
    .from(offerItems)
    .innerJoin(offers, eq(offers.id, offerItems.offerId))
    .where(inArray(offerItems.itemId, [...itemIds]))
    .orderBy(asc(offers.name), asc(offers.id));
}

/** The storefront's offers, whatever their dates, by name. */
export function storefrontOffers(db: CrmDb, storefrontId: string) {
  return db
    .select(offerFields)
    .from(offers)
    .where(eq(offers.storefrontId, storefrontId))
    .orderBy(asc(offers.name), asc(offers.id));
}

/** The items of one catalogue each of the offers covers, by offer, in catalogue order. */
export function offersItems(db: CrmDb, offerIds: readonly string[], catalogueId: string) {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ offerId: offerItems.offerId, ...cardFields })
    .from(offerItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, offerItems.itemId))
    .where(and(inArray(offerItems.offerId, [...offerIds]), eq(catalogueItems.catalogueId, catalogueId)))
    .orderBy(asc(offerItems.offerId), asc(catalogueItems.name), asc(catalogueItems.id));
}

export async function findOffer(db: CrmDb, storefrontId: string, offerId: string) {
  const [row] = await db
    .select(offerFields)
    .from(offers)
    .where(and(eq(offers.storefrontId, storefrontId), eq(offers.id, offerId)))
    .limit(1);
  return row;
}

/** The offer's items that are in one catalogue, in catalogue order. */
export function findOfferItems(db: CrmDb, offerId: string, catalogueId: string) {
  return db
    .select(cardFields)
    .from(offerItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, offerItems.itemId))
    .where(and(eq(offerItems.offerId, offerId), eq(catalogueItems.catalogueId, catalogueId)))
    .orderBy(asc(catalogueItems.name), asc(catalogueItems.id));
}
