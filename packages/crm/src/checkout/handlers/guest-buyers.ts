import { type GuestBuyer, validateGuestBuyer } from '@storefront/contracts';
import { changeQuote, findChangeableQuote, findQuote, ownQuote, quoteScope } from '../../cart';
import { CrmHttpError } from '../../core/errors';
import type { Handler } from '../../core/handler';
import {
  bindQuoteToBuyer,
  type ContactRow,
  findQuoteBuyer,
  type GuestBuyerValues,
  insertProspect,
  updateProspect,
} from '../queries/guest-buyers';

/**
 * A guest checking out names the buyer (issue 11, `checkoutAccount`; docs/decisions/0021-guest-buyers.md): the
 * CRM makes a prospect account and its contact and binds the guest's quote to them. Who may do it is decided
 * here, never by the payload: the guest whose secret made the cart, and no signed-in account.
 */

function buyerOf(quoteId: string, contact: ContactRow, companyName: string): GuestBuyer {
  const { id: contactId, accountId, firstName, lastName, email, phone } = contact;
  return { quoteId, accountId, contactId, companyName, firstName, lastName, email, phone };
}

export const createGuestBuyer: Handler<'createGuestBuyer'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  if (!scope.account.isGuest) {
    throw new CrmHttpError(
      403,
      'FORBIDDEN',
      'a signed-in buyer checks out on their own account; only a guest names a new buyer.',
    );
  }
  await findChangeableQuote(ctx.db, scope, payload.quoteId);
  const [issue] = validateGuestBuyer(payload);
  if (issue) throw new CrmHttpError(400, 'INVALID_GUEST_BUYER', issue.message, issue.field);
  const values: GuestBuyerValues = {
    companyName: payload.companyName.trim(),
    firstName: payload.firstName.trim(),
    lastName: payload.lastName.trim(),
    email: payload.email.trim(),
    phone: payload.phone.trim(),
  };
  // Under the quote's lock, so a retried or doubled call finds the buyer the first one made.
  return changeQuote(ctx, scope, payload.quoteId, async ({ db }, quote) => {
    const current = await findQuoteBuyer(db, quote);
    const contact = current
      ? await updateProspect(db, current.contact, values)
      : await insertProspect(db, scope.account, scope.full?.currency ?? quote.currency, values);
    if (!current) await bindQuoteToBuyer(db, quote.id, contact);
    return buyerOf(quote.id, contact, values.companyName);
  });
};

export const getGuestBuyer: Handler<'getGuestBuyer'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.quoteId), scope);
  const found = await findQuoteBuyer(ctx.db, quote);
  return { buyer: found ? buyerOf(quote.id, found.contact, found.companyName) : null };
};
