import { MAX_SAVED_FILTERS, type SavedFilter } from '@storefront/contracts';
import { CrmHttpError, forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { lockAccount } from '../../db/locks';
import { findCategory } from '../queries/categories';
import {
  countSavedFilters,
  findSavedFilter,
  findSavedFilterByName,
  findSavedFilters,
  insertSavedFilter,
  replaceSavedFilter,
  type SavedFilterRow,
} from '../queries/saved-filters';

function toSavedFilter(row: SavedFilterRow): SavedFilter {
  return {
    id: row.id,
    name: row.name,
    catalogueId: row.catalogueId,
    categoryId: row.categoryId,
    searchText: row.searchText,
    filters: row.filters,
    modifiedAt: row.modifiedAt.toISOString(),
  };
}

/**
 * Saves the filters under a name (a name saved before is replaced). The storefront's guest account is
 * shared by every guest, so it cannot keep filters: one guest would read another's.
 */
export const saveECatalogFilters: Handler<'saveECatalogFilters'> = async (ctx, payload) => {
  const { account, catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  if (account.isGuest) {
    throw new CrmHttpError(403, 'SIGN_IN_REQUIRED', 'sign in to save catalogue filters.', 'accountId');
  }
  if (payload.categoryId && !(await findCategory(ctx.db, catalogue.id, { id: payload.categoryId }))) {
    throw invalidPayload('is not a category of your catalogue.', 'categoryId');
  }
  const fields = {
    storefrontId: payload.storefrontId,
    accountId: account.id,
    catalogueId: catalogue.id,
    name: payload.name,
    categoryId: payload.categoryId ?? null,
    searchText: payload.searchText || null,
    filters: payload.filters,
  };
  // The account lock makes the count check and the insert one step, so parallel saves cannot pass the cap.
  const saved = await ctx.db.transaction(async (db) => {
    await lockAccount(db, account.id);
    const existing = await findSavedFilterByName(db, account.id, payload.name);
    if (existing) return replaceSavedFilter(db, existing.id, fields);
    if ((await countSavedFilters(db, account.id)) >= MAX_SAVED_FILTERS) {
      throw invalidPayload(
        `an account keeps at most ${MAX_SAVED_FILTERS} saved filters; replace one.`,
        'name',
      );
    }
    return insertSavedFilter(db, fields);
  });
  return toSavedFilter(saved);
};

/** The account's saved filters of the catalogue it has now; a guest's shared account keeps none. */
export const getSavedFilters: Handler<'getSavedFilters'> = async (ctx, payload) => {
  const { account, catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  if (account.isGuest) return [];
  return (await findSavedFilters(ctx.db, account.id, catalogue.id)).map(toSavedFilter);
};

/** One of the account's saved filters (ecfr is its id); another account's is refused. */
export const getSavedFilter: Handler<'getSavedFilter'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const saved = await findSavedFilter(ctx.db, payload.ecfr);
  if (!saved) throw notFound('ecfr: there is no saved filter with this id.');
  if (saved.accountId !== account.id) throw forbidden();
  return toSavedFilter(saved);
};
