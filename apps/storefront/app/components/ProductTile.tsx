import type { ActionItem } from '@storefront/contracts/block-fields';
import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import { Link } from 'react-router';
import { productPath } from '../lib/paths';
import { useImageAlt } from './image-alt';
import { ProductActions } from './ProductActions';

interface ProductTileProps {
  item: CatalogItemCard;
  actions: readonly ActionItem[];
  headingLevel: 2 | 3;
  /** The page's lead image: loaded at once and first, not when it nears the screen. */
  leadImage?: boolean;
}

/** One catalogue item in a grid: image, name (linking to its product page), SKU, unit, price and actions. */
export function ProductTile({ item, actions, headingLevel, leadImage = false }: ProductTileProps) {
  const Heading = `h${headingLevel}` as const;
  const imageAlt = useImageAlt();
  return (
    <article className="product-tile">
      {item.imageUrl && (
        <img
          src={item.imageUrl}
          alt={imageAlt(item.imageUrl, item.name)}
          width={320}
          height={240}
          loading={leadImage ? 'eager' : 'lazy'}
          fetchPriority={leadImage ? 'high' : undefined}
          className="product-tile__image"
        />
      )}
      <Heading className="product-tile__name">
        <Link to={productPath(item)}>{item.name}</Link>
      </Heading>
      <p className="product-tile__meta">
        <span>SKU {item.sku}</span>
        {item.unit && <span>{item.unit}</span>}
      </p>
      <p className="product-tile__price">
        <span className="price">{item.formattedPrice}</span>
        {item.hasTiers && <span className="tag">Volume pricing</span>}
        {item.offerCount > 0 && <span className="tag tag--offer">Offer</span>}
      </p>
      <ProductActions actions={actions} item={item} />
    </article>
  );
}
