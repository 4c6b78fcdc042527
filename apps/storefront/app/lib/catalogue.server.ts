import type { CatalogItemDetail, ProductElsewhere } from '@storefront/contracts/catalogue';
import { isCatalogItemDetail, isProductElsewhere } from '@storefront/contracts/crm-catalogue';
import { crmCall, orNone } from './crm.server';
import type { StorefrontSession } from './storefront.server';

export interface ProductLookup {
  /** The product in the viewer's catalogue; null when it has none. */
  item: CatalogItemDetail | null;
  /** The product the storefront sells but the viewer's catalogue lacks. */
  elsewhere: ProductElsewhere['notInCatalogue'] | null;
}

/** A product of the viewer's catalogue by id or slug. */
export async function productDetail(
  session: StorefrontSession,
  ref: { objectid: string } | { slug: string },
): Promise<ProductLookup> {
  const details = await orNone(
    crmCall(session, 'getFormattedObjectDetails', {
      objectapi: 'CatalogItem',
      ...ref,
      accId: session.viewer.accountId,
      stfId: session.storefront.storefrontId,
    }),
  );
  return {
    item: details && isCatalogItemDetail(details) ? details : null,
    elsewhere: details && isProductElsewhere(details) ? details.notInCatalogue : null,
  };
}
