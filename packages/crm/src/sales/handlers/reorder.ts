import type { CrmPayload, QuickOrderResult, ReorderLine, ReorderLineStatus } from '@storefront/contracts';
import {
  addLinesToCart,
  findActiveQuote,
  lineQuantityProblem,
  linesWithItems,
  type QuoteScope,
  quoteScope,
} from '../../cart';
import { invalidPayload } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountOrderLines } from '../../orders';
import { matchRows, PROBLEM_MESSAGES } from './catalogue-match';

/**
 * Reorder (docs/decisions/0061-reorder.md): an order's lines matched against the account's catalogue today as
 * quick order matches a SKU (matchRows), so both say the same of one product, and added through the cart's own
 * add, which prices every line under the cart's lock: no price comes from the order or the browser.
 */

type Matched = Extract<QuickOrderResult, { status: 'matched' }>;

/** A line of the order as it would go in the cart today, with the catalogue items it would add. */
interface ReorderRow {
  view: ReorderLine;
  /** The account's item of the ordered SKU today, and of its replacement, when the account can buy them. */
  item: Matched | null;
  replacementItem: Matched | null;
}

/** The quantity each item of the scope's active cart already holds: a reorder adds to it. */
async function cartQuantities(ctx: HandlerContext, scope: QuoteScope): Promise<Map<string, number>> {
  const cart = await findActiveQuote(ctx.db, scope.owner);
  if (!cart) return new Map();
  const rows = await linesWithItems(ctx.db, cart.id);
  return new Map(rows.map(({ line }) => [line.catalogItemId, line.qty]));
}

/** Why the matched item cannot take the quantity in this cart, or null. */
function quantityProblem(item: Matched, inCart: ReadonlyMap<string, number>): string | null {
  const problem = lineQuantityProblem((inCart.get(item.catalogItemId) ?? 0) + item.qty);
  return (
    problem && `${item.sku}: your cart already holds ${inCart.get(item.catalogItemId) ?? 0}, so ${problem}`
  );
}

const todayOf = (item: Matched) => ({
  sku: item.sku,
  name: item.name,
  unitPrice: item.unitPrice,
  lineTotal: item.lineTotal,
});

/**
 * The order's lines at the quantities asked (the ordered ones unless given), each matched and priced for the
 * account today, with a discontinued product's replacement when the account can buy it.
 */
async function reorderRows(
  ctx: HandlerContext,
  scope: QuoteScope,
  order: Awaited<ReturnType<typeof accountOrderLines>>,
  quantities: ReadonlyMap<string, number> = new Map(),
): Promise<{ rows: ReorderRow[]; inCart: ReadonlyMap<string, number> }> {
  const asked = order.lines.map((line, index) => ({
    line: index + 1,
    sku: line.sku,
    qty: quantities.get(line.sku) ?? line.qty,
  }));
  const [results, inCart] = await Promise.all([matchRows(ctx, scope, asked), cartQuantities(ctx, scope)]);
  const successors = results.flatMap((result) =>
    result.status === 'problem' && result.successor
      ? [{ line: result.line, sku: result.successor, qty: result.qty }]
      : [],
  );
  const replacements = new Map(
    (await matchRows(ctx, scope, successors)).flatMap((result) =>
      result.status === 'matched' ? [[result.line, result] as const] : [],
    ),
  );
  const rows = order.lines.map((line, index): ReorderRow => {
    const result = results[index] as QuickOrderResult;
    const item = result.status === 'matched' ? result : null;
    const replacementItem = replacements.get(index + 1) ?? null;
    const unitPriceNow = item?.unitPrice;
    let status: ReorderLineStatus = 'available';
    let problem: string | null = null;
    if (result.status === 'problem') {
      const retired = result.problem === 'discontinued' || result.problem === 'superseded';
      status = retired ? 'discontinued' : 'unavailable';
      // A product once ordered is known: one no catalogue of the account sells is out of its catalogue.
      problem = retired ? result.message : PROBLEM_MESSAGES.unavailable(result.sku);
    } else {
      problem = quantityProblem(result, inCart);
      if (problem) status = 'quantity';
    }
    return {
      item,
      replacementItem,
      view: {
        sku: line.sku,
        name: line.name,
        qty: asked[index]?.qty ?? line.qty,
        orderedUnitPrice: line.unitPrice,
        status,
        problem,
        today: item && todayOf(item),
        priceChanged:
          unitPriceNow !== undefined &&
          (unitPriceNow !== line.unitPrice || scope.catalogue.currency !== order.currency),
        replacement: replacementItem && todayOf(replacementItem),
      },
    };
  });
  return { rows, inCart };
}

async function reorderScope(ctx: HandlerContext, payload: CrmPayload<'getReorder'>) {
  const scope = await quoteScope(ctx, payload);
  const order = await accountOrderLines(ctx.db, payload.storefrontId, payload.orderNumber, scope.account.id);
  return { scope, order };
}

export const getReorder: Handler<'getReorder'> = async (ctx, payload) => {
  const { scope, order } = await reorderScope(ctx, payload);
  const { rows } = await reorderRows(ctx, scope, order);
  return {
    orderNumber: order.orderNumber,
    orderCurrency: order.currency,
    currency: scope.catalogue.currency,
    lines: rows.map((row) => row.view),
  };
};

/**
 * Adds the chosen lines, or their replacements, to the buyer's active cart in one add; a chosen line the
 * account cannot order today stays out and is named with why. The cart prices what goes in under its lock, so
 * a price changed since the view was read is the price the cart holds.
 */
export const reorderLines: Handler<'reorderLines'> = async (ctx, payload) => {
  const { scope, order } = await reorderScope(ctx, payload);
  const onOrder = new Set(order.lines.map((line) => line.sku));
  const chosen = new Set<string>();
  payload.lines.forEach((choice, index) => {
    if (!onOrder.has(choice.sku)) {
      throw invalidPayload(
        `${choice.sku} is not a line of order ${order.orderNumber}.`,
        `lines.${index}.sku`,
      );
    }
    if (chosen.has(choice.sku)) throw invalidPayload('the line is chosen twice.', `lines.${index}.sku`);
    chosen.add(choice.sku);
  });
  const choices = new Map(payload.lines.map((choice) => [choice.sku, choice]));
  const { rows, inCart } = await reorderRows(
    ctx,
    scope,
    order,
    new Map(payload.lines.map((choice) => [choice.sku, choice.qty])),
  );
  const toAdd: { item: Matched; field: string }[] = [];
  const notAdded: { sku: string; name: string; problem: string }[] = [];
  for (const { view, item, replacementItem } of rows) {
    const choice = choices.get(view.sku);
    if (!choice) continue;
    const field = `lines.${payload.lines.indexOf(choice)}`;
    const taken = choice.replacement ? replacementItem : view.status === 'available' ? item : null;
    const problem =
      (choice.replacement && !replacementItem
        ? `${view.sku} has no replacement your account can order.`
        : !taken
          ? view.problem
          : quantityProblem(taken, inCart)) ?? null;
    if (taken && !problem) toAdd.push({ item: taken, field: `${field}.qty` });
    else
      notAdded.push({ sku: view.sku, name: view.name, problem: problem ?? `${view.sku} cannot be ordered.` });
  }
  if (toAdd.length === 0) {
    const reasons = notAdded.map((line) => line.problem).join(' ');
    throw invalidPayload(`nothing was added to your cart. ${reasons}`, 'lines');
  }
  const cart = await addLinesToCart(
    ctx,
    scope,
    toAdd.map(({ item, field }) => ({ catalogItemId: item.catalogItemId, qty: item.qty, field })),
  );
  const cartLines = new Map(cart.lines.map((line) => [line.catalogItemId, line]));
  return {
    ...cart,
    orderNumber: order.orderNumber,
    added: toAdd.map(({ item }) => ({
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      // The cart's price, set as the lines went in: never the order's, nor the one the view showed.
      unitPrice: cartLines.get(item.catalogItemId)?.unitPrice ?? item.unitPrice,
    })),
    notAdded,
  };
};
