import { pageNotFoundMessage } from '@storefront/contracts/page-not-found';
import { data } from 'react-router';
import { RouteErrorPage } from '../../components/ErrorPage';
import { errorMeta } from '../../components/route-errors';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/not-found';

/** A path of the account area that is no page: 'Page Not Found: {path}' with the URL kept (spec P§2). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  throw data({ message: pageNotFoundMessage(session.url.pathname) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ error, location }) => errorMeta(error, location.pathname);

/**
 * The 404 page in the area's place for a page, beside its navigation. A route with a loader and no UI of its
 * own would be a resource route, which a browser opening the URL would get as raw JSON.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} inPage />;
}
