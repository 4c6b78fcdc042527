import { ProductTile } from '../../components/ProductTile';
import type { BlockProps } from '../types';

/** One item by id. */
export function ProductCard({ fields, data }: BlockProps<'productCard'>) {
  if (!data.item) return <p className="notice">This product is not available.</p>;
  return <ProductTile item={data.item} actions={fields.actions} headingLevel={3} />;
}
