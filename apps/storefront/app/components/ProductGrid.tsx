import type { ActionItem } from '@storefront/contracts/block-fields';
import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import { ProductTile } from './ProductTile';

interface ProductGridProps {
  items: readonly CatalogItemCard[];
  actions: readonly ActionItem[];
  headingLevel: 2 | 3;
}

/** Catalogue items as a grid of tiles. */
export function ProductGrid({ items, actions, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {items.map((item) => (
        <li key={item.id} className="product-grid__item">
          <ProductTile item={item} actions={actions} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
