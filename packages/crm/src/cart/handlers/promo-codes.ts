import { type ErrorCode, PROMO_CODE_NO_LINES, type PromoCodeInfo } from '@storefront/contracts';
import { CrmHttpError, invalidPayload, notFound } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { roundInCurrency } from '../../core/money';
import { lockPromoCode } from '../../db/locks';
import type { CrmDb } from '../../db/open';
import {
  completeUse,
  countHeldUses,
  eligibleItemIds,
  findHeldQuotePromo,
  findPromoCode,
  findQuotePromo,
  insertReservation,
  markPromoLines,
  type PromoCodeRow,
  releaseQuotePromo,
} from '../queries/promo-codes';
import { findQuote, linesWithItems, type QuoteLineRow } from '../queries/quotes';
import { isEligibleItem, promoCodeStatus } from '../rules/promo-codes';
import { changeQuote, ownQuote, quoteScope } from './quote-access';
import { repriceQuote } from './quote-view';

const unknownCode = () => notFound('there is no such promo code on this storefront.', 'promoCode');
const refused = (errorCode: ErrorCode, problem: string, field?: string) =>
  new CrmHttpError(400, errorCode, problem, field);

/** The code and whether it is valid today; an unknown, inactive or not yet started code is the same 404. */
function knownCode(code: PromoCodeRow | undefined, today: string) {
  const status = code ? promoCodeStatus(code, today) : 'hidden';
  if (!code || status === 'hidden') throw unknownCode();
  return { code, validToday: status === 'valid' };
}

/** The code if it can be applied today; 404 as for an unknown code, 400 when it expired. */
function usableCode(found: PromoCodeRow | undefined, today: string): PromoCodeRow {
  const { code, validToday } = knownCode(found, today);
  if (!validToday) throw refused('PROMO_CODE_NOT_VALID', `${code.code} is expired.`, 'promoCode');
  return code;
}

/** The ids of the quote's lines whose items the code covers, in the order the lines were added. */
async function eligibleLineIds(db: CrmDb, code: PromoCodeRow, quoteId: string): Promise<string[]> {
  const rows = await linesWithItems(db, quoteId);
  const named = code.allItems
    ? new Set<string>()
    : await eligibleItemIds(
        db,
        code.id,
        rows.map((row) => row.line.catalogItemId),
      );
  return rows.filter((row) => isEligibleItem(code, named, row.line.catalogItemId)).map((row) => row.line.id);
}

/**
 * Lines added to a quote whose code is applied get the code too when the code covers their item and is still
 * valid: the buyer who applied FLOW10 expects it on the next antibody as well.
 */
export async function extendAppliedPromo(
  db: CrmDb,
  quoteId: string,
  lines: readonly Pick<QuoteLineRow, 'id' | 'catalogItemId'>[],
  today: string,
): Promise<void> {
  const applied = await findQuotePromo(db, quoteId);
  if (!applied?.held || !applied.use.complete || promoCodeStatus(applied.code, today) !== 'valid') return;
  const { code } = applied;
  const itemIds = lines.map((line) => line.catalogItemId);
  const named = code.allItems ? new Set<string>() : await eligibleItemIds(db, code.id, itemIds);
  const eligible = lines.filter((line) => isEligibleItem(code, named, line.catalogItemId));
  if (eligible.length > 0) {
    await markPromoLines(
      db,
      quoteId,
      eligible.map((line) => line.id),
    );
  }
}

/** A code's public facts, found whatever its letter case. */
export const getPromoCodeInfo: Handler<'getPromoCodeInfo'> = async (ctx, payload) => {
  const { code, validToday } = knownCode(
    await findPromoCode(ctx.db, payload.storefrontId, payload.promoCode),
    ctx.today,
  );
  const info: PromoCodeInfo = {
    code: code.code,
    description: code.description,
    kind: code.kind,
    value: code.value,
    validFrom: code.validFrom,
    validTo: code.validTo,
    appliesToAllItems: code.allItems,
    validToday,
  };
  return info;
};

/** The lines of the account's quote the code may discount; none is the spec's error (C§8). */
export const getQLIsForPromoCode: Handler<'getQLIsForPromoCode'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.quoteId), scope);
  const code = usableCode(await findPromoCode(ctx.db, scope.storefrontId, payload.promoCode), ctx.today);
  const qliIds = await eligibleLineIds(ctx.db, code, quote.id);
  if (qliIds.length === 0) throw refused('QLIS_NOT_FOUND', PROMO_CODE_NO_LINES);
  return { qliIds };
};

/**
 * Applies the code to lines of the quote and reserves a use of it, in one transaction holding the quote's
 * lock and then the code's, so the usage limit (spent uses and live reservations) holds under parallel
 * applies. The storefront may send the lines in batches: the first batch takes the reservation, later batches
 * of the same code add lines until the one flagged isLastBatch. A quote holding another code gives it up in
 * the same transaction, so a refused replacement leaves the old code in place (decision 0013). A quote whose
 * reservation lapsed has lost its code and may take it again. The discount is computed by repricing, never
 * read from the payload; originalTotalSalesPrice only tells a stale cart apart.
 */
export const applyPromoCodeNG: Handler<'applyPromoCodeNG'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  return changeQuote(ctx, scope, payload.quoteId, async (tx, quote) => {
    const found = await findPromoCode(tx.db, scope.storefrontId, payload.promoCode);
    const code = usableCode(found && (await lockPromoCode(tx.db, found.id)), ctx.today);
    if (roundInCurrency(payload.originalTotalSalesPrice, quote.currency) !== quote.subtotal) {
      throw refused(
        'STALE_CART',
        `the cart changed since it was shown (its subtotal is now ${quote.subtotal} ${quote.currency}); reload the cart and apply the code again.`,
        'originalTotalSalesPrice',
      );
    }
    const held = await findHeldQuotePromo(tx.db, quote.id);
    const replaced = held && held.code.id !== code.id;
    if (replaced) await releaseQuotePromo(tx.db, quote.id);
    const applied = replaced ? undefined : held;
    if (applied?.use.complete) {
      throw refused(
        'PROMO_CODE_ALREADY_APPLIED',
        `${code.code} is already applied to this quote.`,
        'promoCode',
      );
    }
    const eligible = new Set(await eligibleLineIds(tx.db, code, quote.id));
    payload.qliIds.forEach((id, index) => {
      if (!eligible.has(id)) {
        throw invalidPayload(`no line of this quote that ${code.code} applies to.`, `qliIds.${index}`);
      }
    });
    if (!applied) {
      if (code.usageLimit !== null && (await countHeldUses(tx.db, code.id)) >= code.usageLimit) {
        throw refused('PROMO_CODE_USAGE_LIMIT_REACHED', 'Promo code usage limit reached');
      }
      await insertReservation(tx.db, {
        promoCodeId: code.id,
        quoteId: quote.id,
        accountId: scope.account.id,
        complete: payload.isLastBatch,
      });
    } else if (payload.isLastBatch) {
      await completeUse(tx.db, applied.use.id);
    }
    await markPromoLines(tx.db, quote.id, payload.qliIds);
    return repriceQuote(tx, quote);
  });
};

/**
 * Not in the spec (decision 0013): the quote gives up the code it holds, under the quote's lock taken after
 * ownership is checked, like every change of a quote. The lines are repriced without the code and its use
 * reservation is released for other buyers. A code the quote does not hold (another one, or none) is refused.
 */
export const removePromoCodeNG: Handler<'removePromoCodeNG'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  return changeQuote(ctx, scope, payload.quoteId, async (tx, quote) => {
    const held = await findHeldQuotePromo(tx.db, quote.id);
    if (held?.code.code.toLowerCase() !== payload.promoCode.toLowerCase()) {
      throw refused(
        'PROMO_CODE_NOT_APPLIED',
        `${payload.promoCode} is not applied to this quote.`,
        'promoCode',
      );
    }
    await releaseQuotePromo(tx.db, quote.id);
    return repriceQuote(tx, quote);
  });
};
