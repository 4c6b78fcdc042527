import type { ActionItem } from '@storefront/contracts/block-fields';
import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import { ProductTile } from './ProductTile';

interface ProductGridProps {
  items: readonly CatalogItemCard[];
  actions: readonly ActionItem[];
  headingLevel: 2 | 3;
  /** The first tile's picture is the page's lead image (PageContext.leadImage). */
  leadImage?: boolean;
}

/** Catalogue items as a grid of tiles. */
export function ProductGrid({ items, actions, headingLevel, leadImage = false }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {items.map((item, index) => (
        <li key={item.id} className="product-grid__item">
          <ProductTile
            item={item}
            actions={actions}
            headingLevel={headingLevel}
            leadImage={leadImage && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
