import { productDetail } from '../../lib/catalogue.server';
import type { BlockLoader } from '../loader-types.server';

/** The item the route names; none named: no item. */
export const loadProductDetail: BlockLoader<'productDetail'> = async ({ session, target }) => {
  const ref = target.recordId
    ? { objectid: target.recordId }
    : target.productSlug
      ? { slug: target.productSlug }
      : null;
  return { item: ref ? await productDetail(session, ref) : null };
};
