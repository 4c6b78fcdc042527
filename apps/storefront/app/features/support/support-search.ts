import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/support-search';
import { readSearch, searchKnowledge } from './support.server';

/** The support page's search as the buyer types: the matching articles of the symptoms (and model). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return { articles: await searchKnowledge(session, readSearch(args.url)) };
}
