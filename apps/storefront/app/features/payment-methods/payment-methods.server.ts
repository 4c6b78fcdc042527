import type { PaymentMethod, SignedCardRequest } from '@storefront/contracts';
import { PAYMENT_RETURN_PARAMS } from '@storefront/contracts/crm-payments';
import { data } from 'react-router';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { cardName } from './card-name';
import { PAYMENT_METHODS_PATH } from './paths';

/** The account's saved cards (the gateway binds account and contact; the CRM checks the account). */
export async function listPaymentMethods(session: StorefrontSession): Promise<PaymentMethod[]> {
  return (await crmCall(session, 'getPaymentMethods', accountScope(session))).methods;
}

export type PaymentMethodActionResult =
  | { ok: true; intent: 'add'; request: SignedCardRequest; message: null }
  | { ok: true; intent: 'default' | 'remove'; request: null; message: string }
  | { ok: false; message: string; status: 400 | 403 | 404 | 429 };

const id = z.string().trim().min(1).max(64);
const form = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add') }),
  z.object({ intent: z.enum(['default', 'remove']), paymentMethodId: id }),
]);

/**
 * The page's answer to its form. Another account's card answers 403, too many cards started 429. A card
 * removed since the page was loaded stays a plain answer, so the list is read again and no longer shows it.
 */
export async function paymentMethodAction(session: StorefrontSession, body: FormData) {
  const result = await answerForm(session, body);
  const refused = !result.ok && (result.status === 403 || result.status === 429);
  return refused ? data(result, { status: result.status }) : result;
}

/**
 * Adding a card starts a signed save request (the browser posts it to the provider's page, which brings the
 * buyer back here); making a card default and removing one act on the CRM's row of the account.
 */
async function answerForm(session: StorefrontSession, body: FormData): Promise<PaymentMethodActionResult> {
  const parsed = form.safeParse(Object.fromEntries(body));
  if (!parsed.success) return { ok: false, message: 'Choose a saved card.', status: 400 };
  const request = parsed.data;
  try {
    if (request.intent === 'add') {
      const returnUrl = new URL(PAYMENT_METHODS_PATH, session.url.origin).toString();
      const signed = await crmCall(session, 'startSavingPaymentMethod', {
        ...accountScope(session),
        returnUrl,
      });
      return { ok: true, intent: 'add', request: signed, message: null };
    }
    const type = request.intent === 'default' ? 'setDefaultPaymentMethod' : 'removePaymentMethod';
    const { methods } = await crmCall(session, type, {
      ...accountScope(session),
      paymentMethodId: request.paymentMethodId,
    });
    const chosen = methods.find((method) => method.id === request.paymentMethodId);
    const message =
      request.intent === 'default' && chosen
        ? `${cardName(chosen)} is now your default card.`
        : 'The card has been removed.';
    return { ok: true, intent: request.intent, request: null, message };
  } catch (error) {
    if (error instanceof GatewayCallError && error.status < 500) {
      if (error.errorCode === 'PAYMENT_NOT_CONFIGURED') {
        return { ok: false, message: 'Cards cannot be saved on this store.', status: 400 };
      }
      if (error.status === 429) return { ok: false, message: error.message, status: 429 };
      // Another account's card is refused as the CRM refuses it, saying no more than of a card that is gone.
      return {
        ok: false,
        message: 'This card is no longer among your saved cards.',
        status: error.status === 403 ? 403 : 404,
      };
    }
    throw error;
  }
}

/** What the provider's way back says (a hint for the toast; the list is the CRM's record). */
export function returnNotice(url: URL): { message: string; variant: 'success' | 'error' } | null {
  switch (url.searchParams.get(PAYMENT_RETURN_PARAMS.status)) {
    case 'succeeded':
      return { message: 'Your card has been saved.', variant: 'success' };
    case 'declined':
      return { message: 'The card was declined and has not been saved. Try another card.', variant: 'error' };
    case 'failed':
      return { message: 'The card could not be saved. Please try again.', variant: 'error' };
    default:
      return null;
  }
}
