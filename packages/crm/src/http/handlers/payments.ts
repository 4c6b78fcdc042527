import {
  CARD_BRANDS,
  type Payment,
  type ShuttleCheckoutInfo,
  type ShuttleInfo,
  type SignedPaymentRequest,
} from '@storefront/contracts';
import {
  PAYMENT_REQUEST_TTL_MINUTES,
  paymentAmount,
  signPaymentFields,
} from '@storefront/contracts/payment-protocol';
import {
  findQuotePayment,
  findStorefrontIdentity,
  findSucceededPayment,
  insertPaymentRequest,
  type PaymentRow,
} from '../../db/queries/payments';
import { findQuote, type QuoteRow } from '../../db/queries/quotes';
import { amountDue, isStorefrontUrl, payOnlineTerms } from '../../domain/payments';
import { CrmHttpError, invalidPayload } from '../errors';
import { findChangeableQuote, lockChangeableQuote, ownQuote, quoteScope } from './quote-access';
import type { AccountScope } from './scope';
import type { Handler, HandlerContext, PaymentSettings } from './types';

/** The settings, or the refusal a storefront without online payment gets. */
export function paymentSettings(ctx: HandlerContext): PaymentSettings {
  if (!ctx.payments) {
    throw new CrmHttpError(400, 'PAYMENT_NOT_CONFIGURED', 'online payment is not configured on this CRM.');
  }
  return ctx.payments;
}

const termsOf = (quote: QuoteRow, scope: AccountScope) =>
  payOnlineTerms(quote.payOnlineTerms, scope.account.payOnlineTerms);

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    requestId: row.requestId,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    brand: row.brand,
    last4: row.last4,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export const getShuttleInfo: Handler<'getShuttleInfo'> = async (ctx): Promise<ShuttleInfo> => ({
  configured: ctx.payments !== null,
  pageUrl: ctx.payments?.pageUrl ?? null,
  acceptedBrands: ctx.payments ? [...CARD_BRANDS] : [],
});

export const getShuttleCheckoutInfo: Handler<'getShuttleCheckoutInfo'> = async (
  ctx,
  payload,
): Promise<ShuttleCheckoutInfo> => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.quoteId), scope);
  const payment = await findQuotePayment(ctx.db, quote.id);
  return {
    quoteId: quote.id,
    amountDue: amountDue(quote),
    currency: quote.currency,
    payOnlineTerms: termsOf(quote, scope),
    payment: payment ? toPayment(payment) : null,
  };
};

/**
 * A signed payment request for the amount the CRM computes from the own quote, made under the quote's lock so
 * the amount is that of one consistent cart, and refused once the quote is paid.
 */
export const generateSignature: Handler<'generateSignature'> = async (
  ctx,
  payload,
): Promise<SignedPaymentRequest> => {
  const settings = paymentSettings(ctx);
  const scope = await quoteScope(ctx, payload);
  await findChangeableQuote(ctx.db, scope, payload.quoteId);
  const storefront = await findStorefrontIdentity(ctx.db, scope.storefrontId);
  if (!storefront || !isStorefrontUrl(payload.returnUrl, storefront.domain)) {
    throw invalidPayload(
      `must be an http(s) URL on this storefront's domain (${storefront?.domain ?? 'unknown'}).`,
      'returnUrl',
    );
  }
  return ctx.db.transaction(async (tx) => {
    const quote = await lockChangeableQuote(tx, scope, payload.quoteId, 'wait');
    const terms = termsOf(quote, scope);
    if (!terms.paymentOffered) {
      throw new CrmHttpError(
        400,
        'PAYMENT_NOT_OFFERED',
        `online payment is not offered for this quote (pay-online terms: ${terms.term}).`,
        'quoteId',
      );
    }
    if (await findSucceededPayment(tx, quote.id)) {
      throw new CrmHttpError(409, 'QUOTE_ALREADY_PAID', 'this quote is already paid.', 'quoteId');
    }
    const amount = amountDue(quote);
    if (amount <= 0) throw invalidPayload('the quote has nothing to pay.', 'quoteId');
    const expiresAt = new Date(settings.now().getTime() + PAYMENT_REQUEST_TTL_MINUTES * 60_000);
    const request = await insertPaymentRequest(tx, {
      quoteId: quote.id,
      accountId: quote.accountId,
      amount,
      currency: quote.currency,
      returnUrl: payload.returnUrl,
      expiresAt,
    });
    const fields = signPaymentFields(settings.secret, 'request', {
      request_id: request.id,
      amount: paymentAmount(amount),
      currency: quote.currency,
      reference: quote.id,
      merchant: storefront.name,
      return_url: payload.returnUrl,
      callback_url: settings.callbackUrl,
      expires_at: expiresAt.toISOString(),
    });
    return { pageUrl: settings.pageUrl, fields };
  });
};
