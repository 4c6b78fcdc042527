import { pageNotFoundMessage } from '@storefront/contracts/page-not-found';
import { data } from 'react-router';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/not-found';

/** A path of the account area that is no page: 'Page Not Found: {path}' with the URL kept (spec P§2). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  throw data({ message: pageNotFoundMessage(session.url.pathname) }, { status: 404 });
}
