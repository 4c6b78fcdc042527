import type {
  AttributesOfItems,
  GroupedQuoteList,
  ItemAttributes,
  LineItemAttributes,
  QuoteListEntry,
  QuoteRows,
  TranslationHeaders,
} from '@storefront/contracts';
import { forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { cartHeaders, resolveLocale } from '../../storefronts';
import {
  catalogueItemAttributes,
  countQuotesByStatus,
  findCatalogueId,
  findQuotesPage,
  lineItemAttributes,
} from '../queries/cart-records';
import { findQuote, type QuoteRow } from '../queries/quotes';
import { ownQuote, quoteScope } from './quote-access';
import { quoteItems, toQuoteSummary } from './quote-view';

type QuoteScopePayload = Parameters<typeof quoteScope>[1];

/** The quote if it is the caller's own (403 for another owner's, 404 when there is none). */
export async function findOwnQuote(
  ctx: HandlerContext,
  payload: QuoteScopePayload,
  quoteId: string,
): Promise<QuoteRow> {
  const scope = await quoteScope(ctx, payload);
  return ownQuote(await findQuote(ctx.db, quoteId), scope);
}

export const getTranslationHeaders: Handler<'getTranslationHeaders'> = async (
  _ctx,
  payload,
): Promise<TranslationHeaders> => {
  const locale = resolveLocale(payload.locale);
  return { locale, headers: cartHeaders(locale) };
};

export const getLineItemAttributesNG: Handler<'getLineItemAttributesNG'> = async (
  ctx,
  payload,
): Promise<LineItemAttributes> => {
  const quote = await findOwnQuote(ctx, payload, payload.quoteId);
  const rows = await lineItemAttributes(ctx.db, quote.id);
  const wanted = payload.qliIds;
  if (wanted) {
    const known = new Set(rows.map((row) => row.qliId));
    wanted.forEach((id, index) => {
      if (!known.has(id)) throw invalidPayload('no such line on this quote.', `qliIds.${index}`);
    });
  }
  const lines = wanted ? rows.filter((row) => wanted.includes(row.qliId)) : rows;
  return { quoteId: quote.id, lines };
};

/**
 * objectId names where the items are looked up: the account's own catalogue, or one of its quotes (then
 * only items on the quote's lines). Another account's catalogue or quote is refused.
 */
export const getAttributesOfItems: Handler<'getAttributesOfItems'> = async (
  ctx,
  payload,
): Promise<AttributesOfItems> => {
  const { catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const rows =
    payload.objectId === catalogue.id
      ? await catalogueItemAttributes(ctx.db, catalogue.id, payload.itemIds)
      : await quoteItemAttributes(ctx, payload);
  const byId = new Map<string, ItemAttributes>(
    rows.map(({ itemId, sku, name, unit, category, attributes }) => [
      itemId,
      { itemId, sku, name, unit, category, attributes },
    ]),
  );
  const items = [...new Set(payload.itemIds)].flatMap((id) => byId.get(id) ?? []);
  return { objectId: payload.objectId, items };
};

/** The items on the lines of the quote objectId names, if it is an own quote. */
async function quoteItemAttributes(ctx: HandlerContext, payload: QuoteScopePayload & { objectId: string }) {
  if (await findCatalogueId(ctx.db, payload.objectId)) throw forbidden();
  if (!(await findQuote(ctx.db, payload.objectId))) {
    throw notFound('is neither your catalogue nor one of your quotes.', 'objectId');
  }
  const quote = await findOwnQuote(ctx, payload, payload.objectId);
  return lineItemAttributes(ctx.db, quote.id);
}

export const getGroupedFilteredList: Handler<'getGroupedFilteredList'> = async (
  ctx,
  payload,
): Promise<GroupedQuoteList> => {
  const { owner } = await quoteScope(ctx, payload);
  const filter = { ...payload, owner };
  const [counts, rows] = await Promise.all([
    countQuotesByStatus(ctx.db, filter),
    findQuotesPage(ctx.db, filter, {
      offset: (payload.page - 1) * payload.pageSize,
      limit: payload.pageSize,
    }),
  ]);
  const entries = rows.map(
    ({ quote, lineCount, orderNumber }): QuoteListEntry => ({
      ...toQuoteSummary(quote),
      name: quote.name,
      poNumber: quote.poNumber,
      lineCount,
      orderNumber,
    }),
  );
  const groups = counts.map(({ status, count }) => ({
    status,
    count,
    quotes: entries.filter((entry) => entry.status === status),
  }));
  return {
    total: counts.reduce((sum, group) => sum + group.count, 0),
    page: payload.page,
    pageSize: payload.pageSize,
    groups,
  };
};

export const getRowItems: Handler<'getRowItems'> = async (ctx, payload): Promise<QuoteRows> => {
  const quote = await findOwnQuote(ctx, payload, payload.quoteId);
  const { lines } = await quoteItems(ctx, quote.id);
  return { quoteId: quote.id, currency: quote.currency, rows: lines };
};
