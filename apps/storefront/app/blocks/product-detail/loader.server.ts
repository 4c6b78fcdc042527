import type { BlockLoader } from '../loader-types.server';
import { MissingRecord } from '../missing-record.server';

/**
 * The item the route names, or the product the storefront sells that the viewer's catalogue lacks; an unknown
 * product, or none named, is no page.
 */
export const loadProductDetail: BlockLoader<'productDetail'> = async ({ product }) => {
  const { item, elsewhere } = await product();
  if (item) return { item, elsewhere: null };
  if (elsewhere) return { item: null, elsewhere };
  throw new MissingRecord();
};
