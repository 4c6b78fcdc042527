import type { QuickOrderProblem, QuickOrderResult, QuickOrderRow } from '@storefront/contracts';
import { addLinesToCart, priceLines, type QuoteScope, quoteScope } from '../../cart';
import { discontinuedSkus } from '../../catalogue';
import { CrmHttpError } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { supersessionsOf } from '../../install-base';
import { pricedItems, skusBilledTo, skusSoldOnStorefront } from '../queries/quick-order';

/** What a buyer can do about each problem, said about the SKU they typed. */
const PROBLEM_MESSAGES: Record<QuickOrderProblem, (sku: string, successor?: string) => string> = {
  unknown: (sku) => `${sku} is not a product number we know; check it against the catalogue.`,
  unavailable: (sku) => `${sku} is not in your account's catalogue; ask your account manager to add it.`,
  discontinued: (sku) => `${sku} is not sold any more; search the catalogue for its replacement.`,
  superseded: (sku, successor) => `${sku} is no longer made; order its replacement ${successor} instead.`,
};

/** Product numbers are matched whatever their letter case and surrounding spaces. */
const skuKey = (sku: string) => sku.trim().toUpperCase();

/**
 * Each row matched against the scope's catalogue, priced at its quantity, or its problem, in the order given:
 * the one rule of what an account can order, also read by requisition lists.
 */
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
    };
  });
}

export const checkQuickOrder: Handler<'checkQuickOrder'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  return { currency: scope.catalogue.currency, results: await matchRows(ctx, scope, payload.rows) };
};

/** Adds every row to the cart at once; one row that cannot be ordered refuses them all, naming it. */
export const addQuickOrder: Handler<'addQuickOrder'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const results = await matchRows(ctx, scope, payload.rows);
  const refused = results.flatMap((result, index) =>
    result.status === 'problem' ? [{ result, index }] : [],
  );
  const [first] = refused;
  if (first && first.result.status === 'problem') {
    const others = refused.length > 1 ? ` (and ${refused.length - 1} more rows)` : '';
    throw new CrmHttpError(
      400,
      'QUICK_ORDER_ROWS_REFUSED',
      `line ${first.result.line}: ${first.result.message}${others} Nothing was added; remove or correct these rows.`,
      `rows.${first.index}.sku`,
    );
  }
  const lines = results.flatMap((result, index) =>
    result.status === 'matched'
      ? [{ catalogItemId: result.catalogItemId, qty: result.qty, field: `rows.${index}.qty` }]
      : [],
  );
  return { ...(await addLinesToCart(ctx, scope, lines)), added: lines.length };
};
