import { crmRecord } from '../../lib/crm.server';
import type { BlockLoader } from '../loader-types.server';

/** The item the route names; none named: no item. */
export const loadProductDetail: BlockLoader<'productDetail'> = async ({ session, target }) => {
  const ref = target.recordId
    ? { objectid: target.recordId }
    : target.productSlug
      ? { slug: target.productSlug }
      : null;
  if (!ref) return { item: null };
  const item = await crmRecord(session, 'getFormattedObjectDetails', {
    objectapi: 'CatalogItem',
    ...ref,
    accId: session.viewer.accountId,
    stfId: session.storefront.storefrontId,
  });
  return { item };
};
