import { activeCartTotal } from '../../features/cart/cart.server';
import type { BlockLoader } from '../loader-types.server';

/** The header shows what the viewer's cart comes to, so it is in sight on every page. */
export const loadHeader: BlockLoader<'header'> = async ({ session }) => ({
  cart: await activeCartTotal(session),
});
