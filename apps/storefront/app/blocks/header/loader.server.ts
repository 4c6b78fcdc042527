import { activeCartTotal } from '../../features/cart/cart.server';
import { unseenNotifications } from '../../features/notifications/notifications.server';
import { rememberSearchPage } from '../../features/search-suggestions/suggestions.server';
import type { BlockLoader } from '../loader-types.server';

/**
 * The header shows what the viewer's cart comes to, so it is in sight on every page, and a signed-in
 * viewer's notifications not yet seen. Both are deferred: the page does not wait for them, and neither read
 * ever fails (a failure is null). A page rendered for its price context reads neither: they are the viewer's
 * own, and the browser reads them.
 */
export const loadHeader: BlockLoader<'header'> = async ({ session, fields, forPriceContext }) => {
  // The header's search box leads to the search page: a signed-in buyer's run of it is a recent search.
  rememberSearchPage(session, fields.searchPath);
  if (forPriceContext) return { cart: null, notifications: null };
  return { cart: activeCartTotal(session), notifications: unseenNotifications(session) };
};
