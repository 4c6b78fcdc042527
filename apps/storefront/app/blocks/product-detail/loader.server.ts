import { productDetail } from '../../lib/catalogue.server';
import type { BlockLoader } from '../loader-types.server';

/** The item the route names, or the product the viewer's catalogue lacks; none named: no item. */
export const loadProductDetail: BlockLoader<'productDetail'> = async ({ session, target }) => {
  const ref = target.productSlug
    ? { slug: target.productSlug }
    : target.recordId
      ? { objectid: target.recordId }
      : null;
  return ref ? productDetail(session, ref) : { item: null, elsewhere: null };
};
