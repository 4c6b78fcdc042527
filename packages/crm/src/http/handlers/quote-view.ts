import type { QuoteItems, QuoteLine, QuoteSummary } from '@storefront/contracts';
import { tiersForItems } from '../../db/queries/catalogue';
import { offersForItems } from '../../db/queries/offers';
import {
  findQuote,
  linesWithItems,
  type QuoteRow,
  setLinePrice,
  updateQuoteTotals,
} from '../../db/queries/quotes';
import { selectTier, type TierRow } from '../../domain/pricing';
import { priceLine, quoteTotals } from '../../domain/quote-pricing';
import type { HandlerContext } from './types';

function groupByItem<R extends { itemId: string }>(rows: readonly R[]): Map<string, R[]> {
  const byItem = new Map<string, R[]>();
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row]);
  return byItem;
}

async function tiersByItem(ctx: HandlerContext, itemIds: readonly string[]): Promise<Map<string, TierRow[]>> {
  return groupByItem(await tiersForItems(ctx.db, itemIds));
}

/**
 * Prices every line of the quote from its item's current price, tiers and offers, and writes the quote's
 * totals from those lines. Called inside the transaction of every line change, so totals never lag the lines.
 */
export async function repriceQuote(ctx: HandlerContext, quote: QuoteRow): Promise<void> {
  const rows = await linesWithItems(ctx.db, quote.id);
  const itemIds = rows.map((row) => row.line.catalogItemId);
  const [tiers, offers] = await Promise.all([
    tiersByItem(ctx, itemIds),
    offersForItems(ctx.db, itemIds).then((found) => groupByItem(found)),
  ]);
  const lineTotals: number[] = [];
  for (const { line, item } of rows) {
    const itemId = line.catalogItemId;
    const price = priceLine(
      item,
      tiers.get(itemId) ?? [],
      offers.get(itemId) ?? [],
      line.qty,
      ctx.today,
      quote.currency,
    );
    await setLinePrice(ctx.db, line.id, price);
    lineTotals.push(price.lineTotal);
  }
  await updateQuoteTotals(ctx.db, quote.id, quoteTotals(lineTotals, quote.currency));
}

export function toQuoteSummary(quote: QuoteRow): QuoteSummary {
  return {
    id: quote.id,
    accountId: quote.accountId,
    contactId: quote.contactId,
    shipToAccountId: quote.shipToAccountId,
    status: quote.status,
    checkedOut: quote.checkedOut,
    currency: quote.currency,
    subtotal: quote.subtotal,
    discount: quote.discount,
    total: quote.total,
    createdAt: quote.createdAt.toISOString(),
    modifiedAt: quote.modifiedAt.toISOString(),
  };
}

/** The quote as stored, with its lines, their items and the tier each quantity falls in. */
export async function quoteItems(ctx: HandlerContext, quoteId: string): Promise<QuoteItems> {
  const [quote, rows] = await Promise.all([findQuote(ctx.db, quoteId), linesWithItems(ctx.db, quoteId)]);
  if (!quote) throw new Error(`quote ${quoteId} vanished while being read`);
  const tiers = await tiersByItem(
    ctx,
    rows.map((row) => row.line.catalogItemId),
  );
  const lines = rows.map(({ line, item }): QuoteLine => {
    const tier = selectTier(tiers.get(line.catalogItemId) ?? [], line.qty);
    return {
      id: line.id,
      quoteId: line.quoteId,
      catalogItemId: line.catalogItemId,
      name: item.name,
      sku: item.sku,
      image: item.images[0] ?? null,
      unit: item.unit,
      qty: line.qty,
      unitPrice: line.unitPrice,
      listPrice: line.listPrice,
      lineTotal: line.lineTotal,
      tier: tier ? { sv: tier.sv, ev: tier.ev, price: tier.price } : null,
      qtyTierAmt: line.qtyTierAmt,
      offerId: line.offerId,
      offerType: line.offerType,
      offerDiscount: line.offerDiscount,
      appliedOnField: line.appliedOnField,
      rpId: line.rpId,
    };
  });
  return { quote: toQuoteSummary(quote), lines };
}
