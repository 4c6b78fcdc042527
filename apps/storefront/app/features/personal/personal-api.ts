import { requireSession } from '../../lib/storefront.server';
import { activeCartTotal } from '../cart/cart.server';
import { unseenNotifications } from '../notifications/notifications.server';
import type { Route } from './+types/personal-api';
import type { PersonalData } from './personal-data';

/**
 * The viewer's own parts of a page kept for its price context (docs/decisions/0067): their name, their cart's
 * total and their unseen notifications, in one small read. Never kept by anyone but this browser, and then
 * not reused.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const [cart, notifications] = await Promise.all([activeCartTotal(session), unseenNotifications(session)]);
  const personal: PersonalData = {
    name: session.auth.signedIn ? session.auth.name : null,
    cart,
    notifications,
  };
  return Response.json(personal, { headers: { 'Cache-Control': 'private, no-store' } });
}
