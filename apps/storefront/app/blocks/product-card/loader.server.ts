import { crmRecord } from '../../lib/crm.server';
import type { BlockLoader } from '../loader-types.server';

export const loadProductCard: BlockLoader<'productCard'> = async ({ session, fields }) => ({
  item: await crmRecord(session, 'getFormattedObjectDetails', {
    objectapi: 'CatalogItem',
    objectid: fields.itemId,
    accId: session.viewer.accountId,
    stfId: session.storefront.storefrontId,
  }),
});
