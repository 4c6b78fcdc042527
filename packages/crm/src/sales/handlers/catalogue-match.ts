import type { QuickOrderProblem, QuickOrderResult, QuickOrderRow } from '@storefront/contracts';
import { priceLines, type QuoteScope } from '../../cart';
import { discontinuedSkus } from '../../catalogue';
import type { HandlerContext } from '../../core/handler';
import { supersessionsOf } from '../../install-base';
import { pricedItems, skusBilledTo, skusSoldOnStorefront } from '../queries/quick-order';

/**
 * SKUs with quantities matched against the account's catalogue: priced as the cart would price them, or why
 * the account cannot order them. Quick order and reorder both ask it, so both say the same of one SKU.
 */

/** What a buyer can do about each problem, said about the SKU asked for. */
export const PROBLEM_MESSAGES: Record<QuickOrderProblem, (sku: string, successor?: string) => string> = {
  unknown: (sku) => `${sku} is not a product number we know; check it against the catalogue.`,
  unavailable: (sku) => `${sku} is not in your account's catalogue; ask your account manager to add it.`,
  discontinued: (sku) => `${sku} is not sold any more; search the catalogue for its replacement.`,
  superseded: (sku, successor) => `${sku} is no longer made; order its replacement ${successor} instead.`,
};

/** Product numbers are matched whatever their letter case and surrounding spaces. */
const skuKey = (sku: string) => sku.trim().toUpperCase();

/** Each row matched against the scope's catalogue, priced at its quantity, or its problem, in the order given. */
export async function matchRows(
  ctx: HandlerContext,
  scope: QuoteScope,
  rows: readonly QuickOrderRow[],
): Promise<QuickOrderResult[]> {
  const skus = [...new Set(rows.map((row) => skuKey(row.sku)))];
  const items = new Map(
    (await pricedItems(ctx.db, scope.catalogue.id, 'sku', skus)).map((item) => [item.sku, item]),
  );
  const missing = skus.filter((sku) => !items.has(sku));
  const [sold, billed, superseded, retired] = await Promise.all([
    skusSoldOnStorefront(ctx.db, scope.storefrontId, missing),
    skusBilledTo(ctx.db, scope.account.id, missing),
    supersessionsOf(ctx.db, missing),
    discontinuedSkus(ctx.db, scope.storefrontId, missing),
  ]);
  const matched = rows.flatMap((row) => {
    const item = items.get(skuKey(row.sku));
    return item ? [{ row, item }] : [];
  });
  const { prices } = await priceLines(
    ctx,
    matched.map(({ row, item }) => ({ catalogItemId: item.id, item, qty: row.qty, agreedUnitPrice: null })),
    scope.catalogue.currency,
  );
  const priced = new Map(matched.map(({ row, item }, index) => [row, { item, price: prices[index] }]));
  return rows.map((row): QuickOrderResult => {
    const found = priced.get(row);
    if (found?.price) {
      const { item, price } = found;
      return {
        status: 'matched',
        line: row.line,
        sku: item.sku,
        qty: row.qty,
        catalogItemId: item.id,
        name: item.name,
        unit: item.unit,
        unitPrice: price.unitPrice,
        lineTotal: price.lineTotal,
      };
    }
    const sku = skuKey(row.sku);
    // A part the install base superseded, or a product the catalogue retired with its replacement.
    const successor = superseded.get(sku)?.successorSku ?? retired.get(sku) ?? undefined;
    const problem: QuickOrderProblem = successor
      ? 'superseded'
      : sold.has(sku)
        ? 'unavailable'
        : billed.has(sku) || retired.has(sku)
          ? 'discontinued'
          : 'unknown';
    return {
      status: 'problem',
      line: row.line,
      sku,
      qty: row.qty,
      problem,
      message: PROBLEM_MESSAGES[problem](sku, successor),
      ...(successor ? { successor } : {}),
    };
  });
}
