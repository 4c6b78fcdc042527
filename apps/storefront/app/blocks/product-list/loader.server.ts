import { type Category, PICKLIST_FIELDS } from '@storefront/contracts/catalogue';
import { CATALOGUE_ITEM_CAP } from '@storefront/contracts/constants';
import { findCategory } from '../../lib/catalogue';
import { accountScope, crmCall, orElse, orNone } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { BlockLoader } from '../loader-types.server';
import type { NoResults } from '../types';
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
  const items = page?.items ?? [];
  const correctedText = page?.correctedText ?? null;
  const noResults =
    items.length === 0 && !fields.featured
      ? await offeredInstead(session, scope, correctedText, (await catalogue())?.categories ?? [])
      : null;
  const totalCount = Math.min(page?.totalCount ?? 0, CATALOGUE_ITEM_CAP);
  return {
    items,
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
    correctedText,
    noResults,
  };
};

/** Top categories a search that found nothing offers, and how many of its nearest products. */
const OFFERED_CATEGORIES = 8;
const CLOSE_MATCHES = 4;

/**
 * What a list that found nothing offers instead: the first products of the corrected search (or of the same
 * text without the category and filters that emptied it) and the catalogue's top categories.
 */
async function offeredInstead(
  session: StorefrontSession,
  scope: {
    storefrontId: string;
    accountId: string;
    searchText?: string;
    categoryId?: string;
    filters: object;
  },
  correctedText: string | null,
  categories: readonly Category[],
): Promise<NoResults> {
  const narrowed = scope.categoryId !== undefined || Object.keys(scope.filters).length > 0;
  const searchText = correctedText ?? (narrowed ? scope.searchText : undefined);
  const closeMatches = searchText
    ? ((
        await orNone(
          crmCall(session, 'retrieveCatalogNG', {
            storefrontId: scope.storefrontId,
            accountId: scope.accountId,
            searchText,
            page: 1,
            pageSize: CLOSE_MATCHES,
            sort: 'name',
            filters: {},
          }),
        )
      )?.items ?? [])
    : [];
  const top = categories
    .filter((category) => !category.parentId)
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .slice(0, OFFERED_CATEGORIES)
    .map(({ name, slug }) => ({ name, slug }));
  return { closeMatches, categories: top };
}

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
