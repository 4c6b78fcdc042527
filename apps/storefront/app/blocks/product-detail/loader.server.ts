import { crmRecord } from '../../lib/crm.server';
import type { BlockLoader } from '../loader-types.server';

/** The item the route names; none named: no item. */
export const loadProductDetail: BlockLoader<'productDetail'> = async ({ session, target }) => {
  if (!target.recordId) return { item: null };
  const item = await crmRecord(session, 'getFormattedObjectDetails', {
    objectapi: 'CatalogItem',
    objectid: target.recordId,
    accId: session.viewer.accountId,
    stfId: session.storefront.storefrontId,
  });
  return { item };
};
