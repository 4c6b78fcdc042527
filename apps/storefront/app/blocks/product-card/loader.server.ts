import { productDetail } from '../../lib/catalogue.server';
import type { BlockLoader } from '../loader-types.server';

/** A discontinued product's page still shows it, but a card offers only what can be bought. */
export const loadProductCard: BlockLoader<'productCard'> = async ({ session, fields }) => {
  const { item } = await productDetail(session, { objectid: fields.itemId });
  return { item: item && !item.discontinued ? item : null };
};
