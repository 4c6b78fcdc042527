import { Link, useSearchParams } from 'react-router';
import { AccountControls, ActingAccount } from '../../components/AccountControls';
import { Deferred } from '../../components/Deferred';
import { NotificationsLink } from '../../components/NotificationsLink';
import type { CartTotal } from '../../features/cart/cart-actions';
import { useCartTotal } from '../../features/cart/cart-total';
import { usePersonalData } from '../../features/personal/personal-data';
import { SearchCombobox } from '../../features/search-suggestions/SearchCombobox';
import { formatMoney } from '../../lib/format';
import { CART_PATH } from '../../lib/paths';
import type { BlockProps } from '../types';

/** The cart's total once the page or a cart action has it; nothing without a cart. */
function HeaderCartTotal({ loaded }: { loaded: CartTotal }) {
  const cart = useCartTotal(loaded);
  return cart && <span className="site-header__cart-total"> {formatMoney(cart.total, cart.currency)}</span>;
}

/**
 * Logo (configuration.logo, else the theme's), storefront name, a product search with suggestions as one types, the cart with its total,
 * the account corner and, for a user who may act for several accounts, the account they act for.
 */
export function Header({ block, fields, data, page }: BlockProps<'header'>) {
  const [searchParams] = useSearchParams();
  // A page kept for its price context leaves the viewer's own parts to the browser (docs/decisions/0067).
  const personal = usePersonalData(data.cart === null);
  return (
    <div className="site-header">
      <Link to="/" className="site-header__brand">
        <img src={block.logo ?? page.logoUrl} alt="" width={40} height={40} className="site-header__logo" />
        <span className="site-header__name">{page.storefrontName}</span>
      </Link>
      {fields.tagline && <p className="site-header__tagline">{fields.tagline}</p>}
      {fields.showSearch && (
        <SearchCombobox
          searchPath={fields.searchPath}
          placeholder={fields.searchPlaceholder}
          defaultValue={searchParams.get('searchText') ?? ''}
          guest={!page.viewer.signedIn}
        />
      )}
      <Link to={CART_PATH} className="site-header__cart">
        Cart
        {data.cart ? (
          <Deferred value={data.cart}>{(loaded) => <HeaderCartTotal loaded={loaded} />}</Deferred>
        ) : (
          personal && <HeaderCartTotal loaded={personal.cart} />
        )}
      </Link>
      {data.notifications ? (
        <Deferred value={data.notifications}>
          {(unseen) => unseen !== null && <NotificationsLink unseen={unseen} />}
        </Deferred>
      ) : (
        personal?.notifications != null && <NotificationsLink unseen={personal.notifications} />
      )}
      <AccountControls viewer={page.viewer} personalName={personal?.name ?? null} />
      <ActingAccount viewer={page.viewer} />
    </div>
  );
}
