import { cartColumnLabels, earlierCarts, loadCart } from '../../features/cart/cart.server';
import { continueShoppingPath } from '../../features/cart/continue-shopping';
import { preparedQuotesForCart } from '../../features/sales-quotes/sales-quotes.server';
import type { BlockLoader } from '../loader-types.server';

/**
 * The cart the page names (else the viewer's active cart), where 'Continue shopping' leads, and a signed-in
 * user's earlier carts and the quotes sales prepared for their account, and the column labels in the viewer's language.
 */
export const loadCartBlock: BlockLoader<'cart'> = async ({ session, target, templates }) => {
  const [cart, earlier, preparedQuotes, labels] = await Promise.all([
    loadCart(session, target.quoteId),
    earlierCarts(session),
    preparedQuotesForCart(session),
    cartColumnLabels(session),
  ]);
  const continueShopping = continueShoppingPath(templates, session.url.origin);
  return { cart, continueShopping, earlier, preparedQuotes, labels };
};
