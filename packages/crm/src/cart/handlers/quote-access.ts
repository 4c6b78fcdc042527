import { createHash } from 'node:crypto';
import { belongsToStorefront } from '../../core/access';
import type { AccountMembership } from '../../core/accounts';
import { CrmHttpError, forbidden, notFound } from '../../core/errors';
import type { HandlerContext } from '../../core/handler';
import { type AccountScope, accountScope } from '../../core/scope';
import { lockQuote, QuoteLockedError } from '../../db/locks';
import type { CrmDb } from '../../db/open';
import {
  type CartOwner,
  findAccountCart,
  findQuote,
  insertQuote,
  type QuoteRow,
  type QuoteSummaryRow,
} from '../queries/quotes';

export interface QuoteScope extends AccountScope {
  storefrontId: string;
  owner: CartOwner;
}

/** Only the hash of a guest's secret is stored, so the quotes table never holds a usable secret. */
export function hashGuestSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

interface OwnerPayload {
  storefrontId: string;
  accountId: string;
  contactId?: string | undefined;
  guestCartSecret?: string | undefined;
}

/**
 * The account a quote type acts for (403 unless it belongs to the storefront). The storefront's guest
 * account is shared by every guest, so there a cart belongs to the guest whose secret it was made with.
 */
export async function quoteScope(ctx: HandlerContext, payload: OwnerPayload): Promise<QuoteScope> {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  return { ...scope, storefrontId: payload.storefrontId, owner: cartOwner(scope.account, payload) };
}

/**
 * The cart a read of the cart alone shows, with the account it is of, checked as quoteScope checks them (403
 * unless the account belongs to the storefront; a guest cart only with its secret) in one statement without
 * the account's catalogues: the header reads it on every page.
 */
export async function activeCartOf(
  ctx: HandlerContext,
  payload: OwnerPayload,
): Promise<{ account: AccountMembership; quote: QuoteSummaryRow | null }> {
  const guestSecretHash = payload.guestCartSecret ? hashGuestSecret(payload.guestCartSecret) : null;
  const found = await findAccountCart(ctx.db, payload.accountId, {
    contactId: payload.contactId ?? null,
    guestSecretHash,
  });
  if (!found || !belongsToStorefront(found.account, payload.storefrontId)) throw forbidden();
  // Refuses a guest account's cart asked for without a secret, as every quote type does.
  cartOwner(found.account, payload);
  return found;
}

/** A signed-in contact owns their account's cart; a guest owns a guest cart by its secret, and only then. */
function cartOwner(account: Pick<AccountMembership, 'id' | 'isGuest'>, payload: OwnerPayload): CartOwner {
  if (!account.isGuest) {
    return { accountId: account.id, contactId: payload.contactId ?? null, guestSecretHash: null };
  }
  if (!payload.guestCartSecret) {
    throw new CrmHttpError(
      403,
      'GUEST_CART_REQUIRES_SECRET',
      'a guest cart is only reachable with its guest cart secret, not through the guest account.',
      'guestCartSecret',
    );
  }
  return {
    accountId: account.id,
    contactId: null,
    guestSecretHash: hashGuestSecret(payload.guestCartSecret),
  };
}

/**
 * The quote, if it is the scope's own on this storefront: 404 when there is none, 403 when it is not. A guest
 * owns a quote by its secret alone: the contact a guest quote names is the buyer they made, not the owner.
 */
export function ownQuote(quote: QuoteRow | undefined, scope: QuoteScope): QuoteRow {
  if (!quote) throw notFound('there is no quote with this id.', 'quoteId');
  const { owner } = scope;
  const sameOwner =
    owner.guestSecretHash === null
      ? quote.guestSecretHash === null && quote.contactId === owner.contactId
      : quote.guestSecretHash === owner.guestSecretHash;
  const own = quote.storefrontId === scope.storefrontId && quote.accountId === owner.accountId && sameOwner;
  if (!own) throw forbidden();
  return quote;
}

/** A checked-out quote is an order in the making; its lines and totals no longer change. */
export function changeableQuote(quote: QuoteRow): QuoteRow {
  if (quote.checkedOut) {
    throw new CrmHttpError(
      400,
      'QUOTE_CHECKED_OUT',
      'quoteId: this quote is checked out and can no longer be changed; start a new cart.',
    );
  }
  return quote;
}

/**
 * The scope's own quote that may still change, read without a lock. Every change checks this before it locks,
 * so a call that is refused (403, 404, checked out) never takes or waits for the owner's row lock.
 */
export async function findChangeableQuote(db: CrmDb, scope: QuoteScope, quoteId: string): Promise<QuoteRow> {
  return changeableQuote(ownQuote(await findQuote(db, quoteId), scope));
}

/**
 * The quote locked for the rest of the transaction, checked again under the lock: between the unlocked read
 * and the lock it may have been checked out or claimed by another owner.
 */
export async function lockChangeableQuote(
  tx: CrmDb,
  scope: QuoteScope,
  quoteId: string,
  mode: 'wait' | 'nowait',
): Promise<QuoteRow> {
  return changeableQuote(ownQuote(await lockQuote(tx, quoteId, mode), scope));
}

/**
 * Runs a change of the account's own quote in one transaction holding the quote's row lock, taken without
 * waiting: when another change holds it the answer says 'unable_to_lock_row' and the storefront retries.
 */
export async function changeQuote<T>(
  ctx: HandlerContext,
  scope: QuoteScope,
  quoteId: string,
  change: (tx: HandlerContext, quote: QuoteRow) => Promise<T>,
): Promise<T> {
  await findChangeableQuote(ctx.db, scope, quoteId);
  try {
    return await ctx.db.transaction(async (db) => {
      const quote = await lockChangeableQuote(db, scope, quoteId, 'nowait');
      return change({ ...ctx, db }, quote);
    });
  } catch (error) {
    if (error instanceof QuoteLockedError) {
      throw new CrmHttpError(
        409,
        'UNABLE_TO_LOCK_ROW',
        'unable_to_lock_row: the quote is being changed by another request; try again.',
      );
    }
    throw error;
  }
}

/** A new empty cart of the scope's owner, priced in the currency of the catalogue the owner sees. */
export function insertCart(db: CrmDb, scope: QuoteScope): Promise<QuoteRow> {
  return insertQuote(db, {
    storefrontId: scope.storefrontId,
    ...scope.owner,
    currency: scope.catalogue.currency,
  });
}
