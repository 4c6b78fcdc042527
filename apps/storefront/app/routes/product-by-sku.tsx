import { id } from '@storefront/contracts/crm-fields';
import { pageNotFoundMessage } from '@storefront/contracts/page-not-found';
import { data, redirect } from 'react-router';
import { crmCall, orNone } from '../lib/crm.server';
import { productPath } from '../lib/paths';
import { requireSession } from '../lib/storefront.server';
import type { Route } from './+types/product-by-sku';

/**
 * /product_detail/guest-catalog/{sku}, where the old site's product pages moved (spec P§2): the product of
 * that SKU in the viewer's catalogue, at its page /product/{productTemplateId}/{slug}. A SKU the catalogue
 * lacks is 'Page Not Found' with the URL kept.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const notFound = () => data({ message: pageNotFoundMessage(session.url.pathname) }, { status: 404 });
  // A SKU the catalogue search cannot take (a NUL in the URL) names no product.
  const sku = id.safeParse(args.params.sku).data;
  if (!sku) throw notFound();
  const found = await orNone(
    crmCall(session, 'retrieveCatalogNG', {
      storefrontId: session.storefront.storefrontId,
      accountId: session.viewer.accountId,
      searchText: sku,
      page: 1,
      pageSize: 24,
      sort: 'sku',
      filters: {},
    }),
  );
  const item = found?.items.find((candidate) => candidate.sku.toLowerCase() === sku.toLowerCase());
  if (!item) throw notFound();
  return redirect(productPath(item), 301);
}
