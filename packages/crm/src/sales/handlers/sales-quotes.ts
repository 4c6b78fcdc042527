import type { PreparedQuote, PreparedQuoteLine } from '@storefront/contracts';
import {
  deactivateQuotes,
  findActiveQuote,
  insertCart,
  priceLines,
  quoteScope,
  quoteTotals,
  repriceQuote,
  toQuoteSummary,
  updateQuoteLabels,
} from '../../cart';
import { CrmHttpError, forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { lockCartOwner, lockPreparedQuote } from '../../db/locks';
import { recordBusinessEvent } from '../../events';
import {
  copyAgreedLines,
  findPreparedQuote,
  listOpenPreparedQuotes,
  markPreparedQuoteTaken,
  type PreparedQuoteRow,
  preparedLinesWithItems,
} from '../queries/prepared-quotes';

/** The prepared quote, if it is for this account of this storefront: 404 when there is none, 403 when not. */
function ofAccount(
  row: PreparedQuoteRow | undefined,
  storefrontId: string,
  accountId: string,
): PreparedQuoteRow {
  if (!row) throw notFound('there is no quote with this id.', 'quoteId');
  if (row.storefrontId !== storefrontId || row.accountId !== accountId) throw forbidden();
  return row;
}

/** A quote is taken once, while it is open and valid; the message says what the buyer can do instead. */
function takeable(row: PreparedQuoteRow, today: string): PreparedQuoteRow {
  if (row.status === 'Taken') {
    throw new CrmHttpError(
      409,
      'QUOTE_ALREADY_TAKEN',
      `quote ${row.number} was already taken as a cart; find it among your earlier carts.`,
    );
  }
  if (row.status === 'Withdrawn') {
    throw new CrmHttpError(
      409,
      'QUOTE_WITHDRAWN',
      `quote ${row.number} was withdrawn by your account manager.`,
    );
  }
  if (row.validUntil < today) {
    throw new CrmHttpError(
      409,
      'QUOTE_EXPIRED',
      `quote ${row.number} expired on ${row.validUntil}; ask ${row.preparedBy} for a new one.`,
    );
  }
  return row;
}

/** The quote and its lines priced as the cart will price them: the agreed prices, by the cart's own pricing. */
async function preparedQuoteView(
  ctx: HandlerContext,
  row: PreparedQuoteRow,
): Promise<{ quote: PreparedQuote; lines: PreparedQuoteLine[] }> {
  const rows = await preparedLinesWithItems(ctx.db, row.id);
  const { prices } = await priceLines(
    ctx,
    rows.map(({ line, item }) => ({ ...line, item })),
    row.currency,
  );
  const lines = rows.map(({ line, item }, index): PreparedQuoteLine => {
    const price = prices[index];
    return {
      id: line.id,
      catalogItemId: line.catalogItemId,
      name: item.name,
      sku: item.sku,
      unit: item.unit,
      qty: line.qty,
      listPrice: price?.listPrice ?? item.listPrice,
      unitPrice: price?.unitPrice ?? line.agreedUnitPrice,
      lineTotal: price?.lineTotal ?? 0,
      note: line.note,
    };
  });
  const { subtotal } = quoteTotals(
    lines.map((line) => line.lineTotal),
    row.currency,
  );
  const quote: PreparedQuote = {
    id: row.id,
    number: row.number,
    title: row.title,
    preparedBy: row.preparedBy,
    preparedByEmail: row.preparedByEmail,
    note: row.note,
    currency: row.currency,
    validUntil: row.validUntil,
    status: row.status,
    expired: row.status === 'Open' && row.validUntil < ctx.today,
    subtotal,
    lineCount: lines.length,
    takenAt: row.takenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
  return { quote, lines };
}

/** The caller's cart and the quotes sales prepared for the account that may still be taken. */
export const getActiveOpenCart: Handler<'getActiveOpenCart'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, { ...payload, contactId: payload.contactIdAWS });
  const [cart, open] = await Promise.all([
    findActiveQuote(ctx.db, scope.owner),
    listOpenPreparedQuotes(ctx.db, scope.account.id, ctx.today),
  ]);
  const openQuotes = await Promise.all(open.map(async (row) => (await preparedQuoteView(ctx, row)).quote));
  return { cart: cart ? toQuoteSummary(cart) : null, openQuotes };
};

/** A prepared quote of the account with its lines, whatever its state (a taken or expired one too). */
export const retrieveQuoteLines: Handler<'retrieveQuoteLines'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const row = ofAccount(await findPreparedQuote(ctx.db, payload.quoteId), payload.storefrontId, account.id);
  return preparedQuoteView(ctx, row);
};

/**
 * The prepared quote becomes the caller's cart: a new cart holding its lines at the agreed prices, named by
 * the quote's number; the cart the caller had is kept as an earlier cart. The prepared quote's row lock makes
 * taking it one step, so of two buyers taking it at once one gets the cart and the other is told it is taken.
 */
export const takeThisQuote: Handler<'takeThisQuote'> = async (ctx, payload) => {
  const contactId = payload.contactIdAWS;
  if (!contactId) {
    throw new CrmHttpError(400, 'SIGN_IN_REQUIRED', 'sign in to take a quote as your cart.', 'contactIdAWS');
  }
  const scope = await quoteScope(ctx, { ...payload, contactId });
  // Refusals (another account's, unknown, taken, expired) are answered before any lock is taken.
  takeable(
    ofAccount(await findPreparedQuote(ctx.db, payload.quoteId), scope.storefrontId, scope.account.id),
    ctx.today,
  );
  const taken = await ctx.db.transaction(async (db) => {
    await lockCartOwner(db, scope.owner);
    const prepared = takeable(
      ofAccount(await lockPreparedQuote(db, payload.quoteId), scope.storefrontId, scope.account.id),
      ctx.today,
    );
    await deactivateQuotes(db, scope.owner);
    const cart = await insertCart(db, scope);
    await updateQuoteLabels(db, cart.id, { name: `${prepared.number}: ${prepared.title}` });
    await copyAgreedLines(db, prepared.id, cart.id);
    await markPreparedQuoteTaken(db, prepared.id, { contactId, cartQuoteId: cart.id });
    const repriced = await repriceQuote({ ...ctx, db }, cart);
    await recordBusinessEvent(db, {
      storefrontId: scope.storefrontId,
      type: 'sales_quote.taken',
      subject: `sales_quote:${prepared.number}`,
      data: {
        id: prepared.id,
        number: prepared.number,
        title: prepared.title,
        accountId: scope.account.id,
        contactId,
        cartQuoteId: cart.id,
        currency: prepared.currency,
        preparedBy: prepared.preparedBy,
        preparedByEmail: prepared.preparedByEmail,
      },
    });
    return repriced;
  });
  void ctx.events.deliver();
  return taken;
};
