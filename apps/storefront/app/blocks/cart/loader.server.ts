import { loadCart } from '../../lib/cart.server';
import { loadTemplates } from '../../lib/content.server';
import { continueShoppingPath } from '../../lib/continue-shopping';
import type { BlockLoader } from '../loader-types.server';

/** The cart the page names (else the viewer's active cart) and where 'Continue shopping' leads. */
export const loadCartBlock: BlockLoader<'cart'> = async ({ session, target }) => {
  const [cart, templates] = await Promise.all([loadCart(session, target.quoteId), loadTemplates(session)]);
  return { cart, continueShopping: continueShoppingPath(templates), signedIn: !session.viewer.isGuest };
};
