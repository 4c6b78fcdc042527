import type { CrmPayload, QuoteItems } from '@storefront/contracts';
import { invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import {
  addToLines,
  deleteLines,
  findCatalogueItemId,
  findLineIds,
  lockActiveCart,
  type QuoteRow,
  setLineQty,
} from '../queries/quotes';
import { extendAppliedPromo } from './promo-codes';
import {
  changeableQuote,
  changeQuote,
  insertCart,
  ownQuote,
  type QuoteScope,
  quoteScope,
} from './quote-access';
import { repriceQuote } from './quote-view';

/** Matches the payload's qty bound: a line never grows past what one request may ask for. */
const MAX_LINE_QTY = 100_000;

/** Why a cart line may not hold this quantity, or null when it may: the cart's one rule of a line's quantity. */
export function lineQuantityProblem(qty: number): string | null {
  return qty > MAX_LINE_QTY ? `the line would hold ${qty}; at most ${MAX_LINE_QTY}.` : null;
}

/**
 * Adds an item to the account's cart (created when there is none); an item already on it gains the qty.
 * The price is computed here from the catalogue, never taken from the request.
 */
export const saveItemToQuoteBlink: Handler<'saveItemToQuoteBlink'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const itemId = await findCatalogueItemId(ctx.db, scope.catalogue.id, payload.catalogItemId);
  if (!itemId) throw notFound("no such item in this account's catalogue.", 'catalogItemId');
  return addLinesToCart(ctx, scope, [{ catalogItemId: itemId, qty: payload.qty, field: 'qty' }]);
};

/** A line to add: an item of the scope's catalogue, and the payload field a refusal about it names. */
export interface LineToAdd {
  catalogItemId: string;
  qty: number;
  field: string;
}

export interface AddLinesHooks {
  /** Checks the cart before anything is written; throwing refuses the whole add. */
  before?: (tx: HandlerContext, quote: QuoteRow) => Promise<void>;
  /** Runs after the lines are written, before the cart is repriced, with each line as written. */
  after?: (tx: HandlerContext, written: readonly AddedLine[]) => Promise<void>;
}

export type AddedLine = Awaited<ReturnType<typeof addToLines>>[number];

/**
 * Adds lines to the scope's cart (created when there is none) in one transaction: every line or none. An item
 * already on the cart gains the qty. Answers the cart repriced from the catalogue.
 */
export async function addLinesToCart(
  ctx: HandlerContext,
  scope: QuoteScope,
  lines: readonly LineToAdd[],
  hooks: AddLinesHooks = {},
): Promise<QuoteItems> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    // The owner lock makes find-or-create of the cart one step, so parallel adds share one quote; the
    // quote's row lock (waited for: the storefront does not retry adds) keeps line updates out meanwhile.
    const quote = changeableQuote(
      ownQuote((await lockActiveCart(db, scope.owner)) ?? (await insertCart(db, scope)), scope),
    );
    await hooks.before?.(tx, quote);
    // One line per item: an item named twice is added once with both quantities.
    const merged = new Map<string, LineToAdd>();
    for (const line of lines) {
      const earlier = merged.get(line.catalogItemId);
      merged.set(line.catalogItemId, earlier ? { ...earlier, qty: earlier.qty + line.qty } : line);
    }
    const written = await addToLines(db, quote.id, [...merged.values()]);
    const [tooMany] = written.flatMap((line) => {
      const problem = lineQuantityProblem(line.qty);
      return problem ? [{ line, problem }] : [];
    });
    // Raising the error rolls the transaction back, so every line keeps what it had.
    if (tooMany) throw invalidPayload(tooMany.problem, merged.get(tooMany.line.catalogItemId)?.field);
    await extendAppliedPromo(db, quote.id, written, ctx.today);
    await hooks.after?.(tx, written);
    return repriceQuote(tx, quote);
  });
}

/** Sets the qty of lines of the quote (0 removes a line) and reprices it, all under the quote's lock. */
export const updateQLI: Handler<'updateQLI'> = (ctx, payload) => setLineQuantities(ctx, payload);

/** The parts configurator's line update (spec C§7 updateQtyOnQLIs): the same change as the cart's. */
export const updateQtyOnQLIs: Handler<'updateQtyOnQLIs'> = (ctx, payload) => setLineQuantities(ctx, payload);

async function setLineQuantities(
  ctx: HandlerContext,
  payload: CrmPayload<'updateQLI'> | CrmPayload<'updateQtyOnQLIs'>,
): Promise<QuoteItems> {
  const scope = await quoteScope(ctx, payload);
  return changeQuote(ctx, scope, payload.quoteId, async (tx, quote) => {
    const known = await findLineIds(tx.db, quote.id);
    const seen = new Set<string>();
    payload.lines.forEach((line, index) => {
      if (!known.has(line.id)) throw invalidPayload('no such line on this quote.', `lines.${index}.id`);
      if (seen.has(line.id)) throw invalidPayload('the line is named twice.', `lines.${index}.id`);
      seen.add(line.id);
    });
    await deleteLines(
      tx.db,
      quote.id,
      payload.lines.filter((line) => line.qty === 0).map((line) => line.id),
    );
    for (const line of payload.lines) if (line.qty > 0) await setLineQty(tx.db, line.id, line.qty);
    return repriceQuote(tx, quote);
  });
}

/** Removes lines of the quote and reprices it, under the quote's lock. */
export const deleteLineItems: Handler<'deleteLineItems'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  return changeQuote(ctx, scope, payload.quoteId, async (tx, quote) => {
    const known = await findLineIds(tx.db, quote.id);
    payload.qliIds.forEach((id, index) => {
      if (!known.has(id)) throw invalidPayload('no such line on this quote.', `qliIds.${index}`);
    });
    await deleteLines(tx.db, quote.id, payload.qliIds);
    return repriceQuote(tx, quote);
  });
};
