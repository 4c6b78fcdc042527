import type { ActionItem } from '@storefront/contracts/block-fields';
import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import { productActions } from '../blocks/product-card/actions';
import { AddToCart } from '../features/cart/AddToCart';
import { CmsLink } from './CmsLink';

interface ProductActionsProps {
  actions: readonly ActionItem[];
  item: Pick<CatalogItemCard, 'id' | 'name' | 'requiresConfiguration' | 'customAction'>;
}

/** The actions of a product card or page: ADD_TO_CART as a form, the others as links. */
export function ProductActions({ actions, item }: ProductActionsProps) {
  const resolved = productActions(actions, item);
  if (resolved.length === 0) return null;
  return (
    <div className="product-actions">
      {resolved.map((action, index) =>
        action.action === 'ADD_TO_CART' ? (
          <AddToCart key={action.action} item={item} label={action.label} primary={index === 0} />
        ) : (
          <CmsLink
            key={action.action}
            link={{ url: action.href, openInNewTab: action.openInNewTab }}
            className={index === 0 ? 'button' : 'button button--secondary'}
          >
            {action.label}
            <span className="visually-hidden"> for {item.name}</span>
          </CmsLink>
        ),
      )}
    </div>
  );
}
