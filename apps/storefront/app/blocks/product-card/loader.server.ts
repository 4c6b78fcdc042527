import { productDetail } from '../../lib/catalogue.server';
import type { BlockLoader } from '../loader-types.server';

export const loadProductCard: BlockLoader<'productCard'> = async ({ session, fields }) => ({
  item: (await productDetail(session, { objectid: fields.itemId })).item,
});
