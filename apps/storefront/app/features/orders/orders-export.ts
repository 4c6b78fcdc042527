import { csvDownload } from '../../lib/downloads.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/orders-export';
import { exportOrders } from './orders.server';
import { readOrderQuery } from './query';

/** The filtered order list as CSV: the list's own query string, every page of it. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { query, problems } = readOrderQuery(session.url.searchParams);
  return csvDownload(problems, () => exportOrders(session, query));
}
