import type { BlockLoader } from '../loader-types.server';

/** The item the route names, or the product the viewer's catalogue lacks; none named: no item. */
export const loadProductDetail: BlockLoader<'productDetail'> = ({ product }) => product();
