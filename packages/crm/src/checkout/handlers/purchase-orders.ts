import { PO_MESSAGES } from '@storefront/contracts';
import { findChangeableQuote, lockChangeableQuote, quoteScope } from '../../cart';
import { CrmHttpError } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { inLockOrder, lockPoNumber } from '../../db/locks';
import { countPoNumber, findPurchaseOrderSettings, setPoNumber } from '../queries/purchase-orders';

/** Spec C§7: 0 when no other quote of the account has the PO number, else how many do. */
export const checkForDuplicatePO: Handler<'checkForDuplicatePO'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  return countPoNumber(ctx.db, scope.owner, payload.poNumber, payload.quoteId);
};

/** Refusals a person acts on as they are: not theirs, no guest secret, or the PO number already used. */
const TOLD_AS_THEY_ARE = new Set(['FORBIDDEN', 'GUEST_CART_REQUIRES_SECRET', 'DUPLICATE_PO_NUMBER']);

/**
 * Sets the PO numbers of the caller's own quotes (spec C§7 updateQuote), in one transaction. With the
 * storefront's duplicate check on, a number another quote of the account has is refused with the configured
 * message or 'Error - PO Number already exists'; any other failure of the update (no such quote, checked
 * out) answers 'Error updating PO Number on Quote Record' (spec C§8).
 */
export const updateQuote: Handler<'updateQuote'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const settings = await findPurchaseOrderSettings(ctx.db, scope.storefrontId);
  // Locks in one order (quotes by id, then PO numbers), so two lists naming the same quotes never deadlock.
  const changes = inLockOrder(payload.quotes);
  const checked = [...new Set(changes.flatMap((change) => change.poNumber?.toLowerCase() ?? []))].sort();
  try {
    for (const change of changes) await findChangeableQuote(ctx.db, scope, change.id);
    return await ctx.db.transaction(async (tx) => {
      for (const change of changes) await lockChangeableQuote(tx, scope, change.id, 'wait');
      if (settings.duplicateCheck) {
        for (const poNumber of checked) await lockPoNumber(tx, scope.owner.accountId, poNumber);
      }
      for (const { id, poNumber } of changes) {
        if (poNumber !== null && settings.duplicateCheck) {
          const others = await countPoNumber(tx, scope.owner, poNumber, id);
          if (others > 0) {
            const message = settings.duplicateMessage ?? PO_MESSAGES.duplicate;
            throw new CrmHttpError(400, 'DUPLICATE_PO_NUMBER', message);
          }
        }
        await setPoNumber(tx, id, poNumber);
      }
      return payload.quotes.map(({ id, poNumber }) => ({ id, poNumber }));
    });
  } catch (error) {
    if (error instanceof CrmHttpError && !TOLD_AS_THEY_ARE.has(error.errorCode)) {
      throw new CrmHttpError(error.status, 'PO_UPDATE_FAILED', PO_MESSAGES.updateFailed);
    }
    throw error;
  }
};
