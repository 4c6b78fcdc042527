import { activeCartTotal } from '../../features/cart/cart.server';
import { unseenNotifications } from '../../features/notifications/notifications.server';
import type { BlockLoader } from '../loader-types.server';

/**
 * The header shows what the viewer's cart comes to, so it is in sight on every page, and a signed-in
 * viewer's notifications not yet seen.
 */
export const loadHeader: BlockLoader<'header'> = async ({ session }) => {
  const [cart, notifications] = await Promise.all([activeCartTotal(session), unseenNotifications(session)]);
  return { cart, notifications };
};
