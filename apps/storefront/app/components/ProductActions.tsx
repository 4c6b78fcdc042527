import type { ActionItem } from '@storefront/contracts/block-fields';
import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import { useLocation } from 'react-router';
import { productActions } from '../blocks/product-card/actions';
import { CmsLink } from './CmsLink';

interface ProductActionsProps {
  actions: readonly ActionItem[];
  item: Pick<CatalogItemCard, 'id' | 'name' | 'requiresConfiguration' | 'customAction'>;
}

/** The actions of a product card or page, as links. */
export function ProductActions({ actions, item }: ProductActionsProps) {
  const location = useLocation();
  const resolved = productActions(actions, item, location.pathname + location.search);
  if (resolved.length === 0) return null;
  return (
    <div className="product-actions">
      {resolved.map((action, index) => (
        <CmsLink
          key={action.action}
          link={{ url: action.href, openInNewTab: action.openInNewTab }}
          className={index === 0 ? 'button' : 'button button--secondary'}
        >
          {action.label}
          <span className="visually-hidden"> for {item.name}</span>
        </CmsLink>
      ))}
    </div>
  );
}
