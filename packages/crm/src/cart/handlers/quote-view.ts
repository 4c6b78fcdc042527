import type { QuoteItems, QuoteLine, QuoteSummary } from '@storefront/contracts';
import { offersForItems, type PricedItem, selectTier, type TierRow, tiersForItems } from '../../catalogue';
import type { HandlerContext } from '../../core/handler';
import { findQuotePromo, holdQuotePromo, type QuotePromo } from '../queries/promo-codes';
import {
  findQuote,
  type LinePriceFields,
  linesWithItems,
  NO_SHIPPING_METHOD,
  type QuoteRow,
  type QuoteSummaryRow,
  setLinePrice,
  shippingChargesOf,
  updateQuoteTotals,
} from '../queries/quotes';
import { promoDiscounts } from '../rules/promo-codes';
import { type LinePrice, NO_CHARGES, priceLine, quoteTotals, storedCharges } from '../rules/quote-pricing';

function groupByItem<R extends { itemId: string }>(rows: readonly R[]): Map<string, R[]> {
  const byItem = new Map<string, R[]>();
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row]);
  return byItem;
}

async function tiersByItem(ctx: HandlerContext, itemIds: readonly string[]): Promise<Map<string, TierRow[]>> {
  return groupByItem(await tiersForItems(ctx.db, itemIds));
}

type LineRow = Awaited<ReturnType<typeof linesWithItems>>[number];

/** What pricing needs of a line: its item, quantity, and the unit price sales agreed for it (null: none). */
export interface LineToPrice {
  catalogItemId: string;
  qty: number;
  agreedUnitPrice: number | null;
  item: PricedItem;
}

/**
 * Each line's price from its item's current price, tiers and offers, or the price sales agreed (priceLine);
 * the one pricing of a cart's lines, a prepared quote's and every preview (quick order, configurations), so a
 * preview and the cart agree. Answers the tiers too, for the cart's view.
 */
export async function priceLines(
  ctx: HandlerContext,
  lines: readonly LineToPrice[],
  currency: string,
): Promise<{ prices: LinePrice[]; tiers: Map<string, TierRow[]> }> {
  const itemIds = lines.map((line) => line.catalogItemId);
  const [tiers, offers] = await Promise.all([
    tiersByItem(ctx, itemIds),
    offersForItems(ctx.db, itemIds).then((found) => groupByItem(found)),
  ]);
  const prices = lines.map((line) =>
    priceLine(
      line.item,
      tiers.get(line.catalogItemId) ?? [],
      offers.get(line.catalogItemId) ?? [],
      line.qty,
      ctx.today,
      currency,
      line.agreedUnitPrice,
    ),
  );
  return { prices, tiers };
}

/**
 * Prices every line of the quote from its item's current price, tiers and offers, spreads the applied promo
 * code's discount over the lines it was applied to, and writes the quote's totals from those lines. Called
 * inside the transaction of every line change, so totals and the promo discount never lag the lines; the
 * change renews the code's reservation, or drops a lapsed one. Only lines whose price changed are written.
 * The chosen shipping method was rated for the lines as they were, so it is cleared and the buyer picks one
 * again. Answers the quote as it now stands, from what it computed.
 */
export async function repriceQuote(ctx: HandlerContext, quote: QuoteRow): Promise<QuoteItems> {
  const promo = await holdQuotePromo(ctx.db, quote.id);
  const rows = await linesWithItems(ctx.db, quote.id);
  const { prices, tiers } = await priceLines(
    ctx,
    rows.map(({ line, item }) => ({ ...line, item })),
    quote.currency,
  );
  const discounts = promo
    ? promoDiscounts(
        promo.code,
        rows.map(({ line }, index) => ({
          lineTotal: prices[index]?.lineTotal ?? 0,
          applied: line.promoApplied,
        })),
        quote.currency,
      )
    : rows.map(() => 0);
  const repriced = rows.map((row, index) => ({
    ...row,
    line: { ...row.line, ...prices[index], promoDiscount: discounts[index] ?? 0 },
  }));
  for (const [index, { line }] of repriced.entries()) {
    const price = { ...prices[index], promoDiscount: line.promoDiscount } as LinePriceFields;
    if (priceChanged(rows[index]?.line, price)) await setLinePrice(ctx.db, line.id, price);
  }
  // Changed lines void the tax and the shipping method: both are worked out again from the lines as they are.
  const totals = quoteTotals(
    repriced.map(({ line }) => line.lineTotal),
    quote.currency,
    discounts,
    NO_CHARGES,
  );
  const updated = await updateQuoteTotals(ctx.db, quote.id, { ...totals, ...NO_SHIPPING_METHOD });
  return quoteView(updated, repriced, tiers, promo);
}

function priceChanged(stored: LineRow['line'] | undefined, price: LinePriceFields): boolean {
  if (!stored) return true;
  return Object.entries(price).some(([field, value]) => stored[field as keyof LineRow['line']] !== value);
}

export function toQuoteSummary(quote: QuoteSummaryRow): QuoteSummary {
  return {
    id: quote.id,
    accountId: quote.accountId,
    contactId: quote.contactId,
    shipToAccountId: quote.shipToAccountId,
    poNumber: quote.poNumber,
    status: quote.status,
    checkedOut: quote.checkedOut,
    currency: quote.currency,
    subtotal: quote.subtotal,
    discount: quote.discount,
    ...shippingChargesOf(quote),
    total: quote.total,
    createdAt: quote.createdAt.toISOString(),
    modifiedAt: quote.modifiedAt.toISOString(),
  };
}

/**
 * The quote as stored, with its lines, their items and the tier each quantity falls in. A quote whose promo
 * code reservation lapsed is shown as its next change will leave it: without the code and its discount.
 */
export async function quoteItems(ctx: HandlerContext, quoteId: string): Promise<QuoteItems> {
  const [quote, rows, promo] = await Promise.all([
    findQuote(ctx.db, quoteId),
    linesWithItems(ctx.db, quoteId),
    findQuotePromo(ctx.db, quoteId),
  ]);
  if (!quote) throw new Error(`quote ${quoteId} vanished while being read`);
  const tiers = await tiersByItem(
    ctx,
    rows.map((row) => row.line.catalogItemId),
  );
  if (!promo || promo.held) return quoteView(quote, rows, tiers, promo);
  const undiscounted = rows.map((row) => ({ ...row, line: { ...row.line, promoDiscount: 0 } }));
  const totals = quoteTotals(
    rows.map(({ line }) => line.lineTotal),
    quote.currency,
    [],
    storedCharges(quote),
  );
  return quoteView({ ...quote, ...totals }, undiscounted, tiers, undefined);
}

function quoteView(
  quote: QuoteRow,
  rows: readonly LineRow[],
  tiers: Map<string, TierRow[]>,
  promo: QuotePromo | undefined,
): QuoteItems {
  const lines = rows.map(({ line, item, group }): QuoteLine => {
    // A price sales agreed is no tier's.
    const tier =
      line.agreedUnitPrice === null ? selectTier(tiers.get(line.catalogItemId) ?? [], line.qty) : undefined;
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
      promoDiscount: line.promoDiscount,
      configuredGroup: group,
    };
  });
  return { quote: toQuoteSummary(quote), lines, promoCode: promo?.code.code ?? null };
}
