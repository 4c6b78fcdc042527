import type { Category } from '@storefront/contracts/catalogue';
import { productPath } from '@storefront/contracts/template-resolution';
import { loadTemplates } from '../../lib/content.server';
import { accountScope, crmCall, orNone } from '../../lib/crm.server';
import { categoryPath } from '../../lib/paths';
import type { StorefrontSession } from '../../lib/storefront.server';
import { listedTemplatePaths } from './listed-pages';

/** The catalogue listing's largest page. */
const LISTING_PAGE_SIZE = 200;

/**
 * Every page a first-time guest of the storefront can see, by its canonical path: home and the listed
 * template pages, the guest catalogue's categories and its products. The catalogue is read a category at a
 * time: the listing answers at most CATALOGUE_ITEM_CAP items per query, and per category stays under it.
 */
export async function guestPagePaths(session: StorefrontSession): Promise<string[]> {
  const [templates, catalogue] = await Promise.all([
    loadTemplates(session),
    orNone(crmCall(session, 'getEcatalogDetails', accountScope(session))),
  ]);
  const categories = catalogue?.categories ?? [];
  const products = await Promise.all(categories.map((category) => categoryProducts(session, category)));
  const paths = [
    ...listedTemplatePaths(templates),
    ...categories.map((category) => categoryPath(category.slug)),
    ...products.flat(),
  ];
  return [...new Set(paths)];
}

async function categoryProducts(session: StorefrontSession, category: Category): Promise<string[]> {
  const page = (number: number) =>
    orNone(
      crmCall(session, 'retrieveCatalogNG', {
        ...accountScope(session),
        categoryId: category.id,
        filters: {},
        page: number,
        pageSize: LISTING_PAGE_SIZE,
        sort: 'sku',
      }),
    );
  const first = await page(1);
  if (!first) return [];
  const pageCount = Math.ceil(first.totalCount / LISTING_PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => page(index + 2)),
  );
  return [first, ...rest].flatMap((listing) => listing?.items.map(productPath) ?? []);
}
