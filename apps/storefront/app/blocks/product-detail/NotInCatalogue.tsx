import { Link } from 'react-router';
import { ProductGrid } from '../../components/ProductGrid';
import type { ProductLookup } from '../../lib/catalogue.server';
import { categoryPath } from '../../lib/paths';
import type { BlockProps } from '../types';

interface NotInCatalogueProps {
  product: NonNullable<ProductLookup['elsewhere']>;
  actions: BlockProps<'productDetail'>['fields']['actions'];
}

/** A product the storefront sells but the viewer's catalogue lacks: said plainly, with what is near it. */
export function NotInCatalogue({ product, actions }: NotInCatalogueProps) {
  const { category, alternatives } = product;
  return (
    <div className="product-detail product-detail--missing">
      <h1>{product.name} is not in your catalogue</h1>
      <p>
        SKU {product.sku} is not part of the catalogue of your account, so it cannot be ordered here. Your
        account manager can tell you whether it can be added.
      </p>
      {category && alternatives.length > 0 ? (
        <section aria-labelledby="product-alternatives">
          <h2 id="product-alternatives">From {category.name} in your catalogue</h2>
          <ProductGrid items={alternatives} actions={actions} headingLevel={3} />
          <p>
            <Link to={categoryPath(category.id)}>All of {category.name}</Link>
          </p>
        </section>
      ) : (
        <p>
          <Link to="/">Return to the homepage</Link>
        </p>
      )}
    </div>
  );
}
