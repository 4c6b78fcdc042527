import { PICKLIST_FIELDS } from '@storefront/contracts/catalogue';
import { CATALOGUE_ITEM_CAP } from '@storefront/contracts/constants';
import { findCategory } from '../../lib/catalogue';
import { accountScope, crmCall, orElse, orNone } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { BlockLoader } from '../loader-types.server';
import { readListQuery } from './query';

/**
 * A page of the catalogue for the category the route or the block fixes (or the one chosen in the list's own
 * facet), the search text and the picklist filters; with facet counts unless the list is featured.
 */
export const loadProductList: BlockLoader<'productList'> = async ({ session, fields, target, catalogue }) => {
  const query = readListQuery(session.url.searchParams, fields);
  const pinned = fields.category ?? target.categoryId;
  const pinnedCategory = pinned
    ? (findCategory((await catalogue())?.categories ?? [], pinned) ?? null)
    : null;
  const scope = {
    storefrontId: session.storefront.storefrontId,
    accountId: session.viewer.accountId,
    categoryId: pinned ? (pinnedCategory?.id ?? pinned) : (query.category ?? undefined),
    searchText: query.searchText || undefined,
    filters: query.filters,
  };
  const withFacets = !fields.featured && fields.showFilters;
  const [page, categories, picklists, savedFilters] = await Promise.all([
    orNone(
      crmCall(session, 'retrieveCatalogNG', {
        ...scope,
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
      }),
    ),
    withFacets && !pinned ? crmCall(session, 'getCatalogGroupCounts', scope) : [],
    withFacets
      ? Promise.all(
          PICKLIST_FIELDS.map(async (field) => ({
            field,
            options: await crmCall(session, 'getCatalogPicklistGroupCounts', { ...scope, field }),
          })),
        )
      : [],
    withFacets ? savedFiltersOf(session) : null,
  ]);
  const totalCount = Math.min(page?.totalCount ?? 0, CATALOGUE_ITEM_CAP);
  return {
    items: page?.items ?? [],
    totalCount,
    capped: page?.capped ?? false,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(totalCount / query.pageSize)),
    pageSize: query.pageSize,
    searchText: query.searchText,
    sort: query.sort,
    filters: query.filters,
    category: pinned ? null : query.category,
    pinnedCategory,
    // A facet that would find nothing is no choice to offer.
    facets: {
      categories: categories.filter((group) => group.count > 0),
      picklists: picklists.filter((facet) => facet.options.length > 0),
    },
    savedFilters,
  };
};

/**
 * A signed-in buyer's saved filters (a guest's account is every guest's: it keeps none). The list shows
 * without them when they cannot be read.
 */
function savedFiltersOf(session: StorefrontSession) {
  if (session.viewer.isGuest) return null;
  return orElse('The saved filters', [], async () =>
    (await crmCall(session, 'getSavedFilters', accountScope(session))).map(({ id, name }) => ({ id, name })),
  );
}
