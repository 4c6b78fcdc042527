import type { CrmPayload } from '@storefront/contracts';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import type { CatalogueFilter } from '../queries/catalogue';
import {
  correctedSearchText,
  countByAttribute,
  countByCategory,
  countItems,
  findItemsPage,
} from '../queries/catalogue';
import { listCategories } from '../queries/categories';
import { capTotal, capWindow } from '../rules/catalogue-cap';
import { recordZeroResultQuery } from '../search';
import { toCards } from './cards';

/** The fields every catalogue query shares. */
type CatalogueQuery = CrmPayload<'getCatalogGroupCounts'>;

/** The catalogue the account sees, narrowed by the query's category, search text and attribute filters. */
async function scopedFilter(ctx: HandlerContext, query: CatalogueQuery) {
  const scope = await accountScope(ctx, query.storefrontId, query.accountId);
  const filter: CatalogueFilter = {
    storefrontId: query.storefrontId,
    catalogueId: scope.catalogue.id,
    categoryId: query.categoryId,
    searchText: query.searchText,
    filters: query.filters,
  };
  return { scope, filter };
}

export const retrieveCatalogNG: Handler<'retrieveCatalogNG'> = async (ctx, payload) => {
  const { scope, filter } = await scopedFilter(ctx, payload);
  const { offset, limit } = capWindow(payload.page, payload.pageSize);
  const [matched, rows, correctedText] = await Promise.all([
    countItems(ctx.db, filter),
    limit > 0 ? findItemsPage(ctx.db, filter, { sort: payload.sort, offset, limit }) : Promise.resolve([]),
    correctedSearchText(ctx.db, filter),
  ]);
  // Only the words finding nothing count as a query with no result, not a category or filter that emptied it.
  if (matched === 0 && filter.searchText && !filter.categoryId && noFilters(filter) && payload.page === 1)
    await recordZeroResultQuery(ctx.db, payload.storefrontId, filter.searchText);
  return {
    items: await toCards(ctx, rows, scope.catalogue.currency),
    ...capTotal(matched),
    page: payload.page,
    pageSize: payload.pageSize,
    correctedText,
  };
};

const noFilters = (filter: CatalogueFilter) =>
  Object.values(filter.filters ?? {}).every((values) => !values || values.length === 0);

export const getEcatalogDetails: Handler<'getEcatalogDetails'> = async (ctx, payload) => {
  const { catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const { id, name, type, priceSource, currency } = catalogue;
  return { catalog: { id, name, type, priceSource, currency }, categories: await listCategories(ctx.db, id) };
};

export const getCatalogGroupCounts: Handler<'getCatalogGroupCounts'> = async (ctx, payload) => {
  const { filter } = await scopedFilter(ctx, payload);
  return countByCategory(ctx.db, filter);
};

export const getCatalogPicklistGroupCounts: Handler<'getCatalogPicklistGroupCounts'> = async (
  ctx,
  payload,
) => {
  const { filter } = await scopedFilter(ctx, payload);
  return countByAttribute(ctx.db, filter, payload.field);
};
