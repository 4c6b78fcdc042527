import type { CatalogItemDetail } from '@storefront/contracts/catalogue';
import { isCatalogItemDetail } from '@storefront/contracts/crm-catalogue';
import { crmCall, orNone } from './crm.server';
import type { StorefrontSession } from './storefront.server';

/** A product of the viewer's catalogue by id or slug; null when the catalogue has none. */
export async function productDetail(
  session: StorefrontSession,
  ref: { objectid: string } | { slug: string },
): Promise<CatalogItemDetail | null> {
  const details = await orNone(
    crmCall(session, 'getFormattedObjectDetails', {
      objectapi: 'CatalogItem',
      ...ref,
      accId: session.viewer.accountId,
      stfId: session.storefront.storefrontId,
    }),
  );
  return details && isCatalogItemDetail(details) ? details : null;
}
