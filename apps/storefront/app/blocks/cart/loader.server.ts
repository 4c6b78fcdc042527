import { cartColumnLabels, earlierCarts, loadCart } from '../../features/cart/cart.server';
import { continueShoppingPath } from '../../features/cart/continue-shopping';
import type { BlockLoader } from '../loader-types.server';

/**
 * The cart the page names (else the viewer's active cart), where 'Continue shopping' leads, and a signed-in
 * user's earlier carts, and the column labels in the viewer's language.
 */
export const loadCartBlock: BlockLoader<'cart'> = async ({ session, target, templates }) => {
  const [cart, earlier, labels] = await Promise.all([
    loadCart(session, target.quoteId),
    earlierCarts(session),
    cartColumnLabels(session),
  ]);
  return { cart, continueShopping: continueShoppingPath(templates, session.url.origin), earlier, labels };
};
