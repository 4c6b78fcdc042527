import {
  APPROVAL_BEFORE_PAYMENT,
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
import { mustBeApprovedBeforePayment } from '../../approvals';
import {
  findChangeableQuote,
  findQuote,
  lockChangeableQuote,
  ownQuote,
  type QuoteRow,
  quoteScope,
} from '../../cart';
import { CrmHttpError, invalidPayload } from '../../core/errors';
import type { Handler, HandlerContext, PaymentSettings } from '../../core/handler';
import type { AccountScope } from '../../core/scope';
import {
  appliedQuotePayments,
  closeQuoteRequests,
  findQuotePayment,
  findStorefrontIdentity,
  insertPaymentRequest,
  type PaymentRow,
} from '../queries/payments';
import { refundsOfQuote } from '../queries/refunds';
import { amountDue, isStorefrontUrl, leftToPay, paidAmount, payOnlineTerms } from '../rules/payments';

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
  const [payment, applied, refunds] = await Promise.all([
    findQuotePayment(ctx.db, quote.id),
    appliedQuotePayments(ctx.db, quote.id),
    refundsOfQuote(ctx.db, quote.id),
  ]);
  const total = amountDue(quote);
  const paid = paidAmount(applied);
  return {
    quoteId: quote.id,
    amountDue: leftToPay(total, paid),
    total,
    amountPaid: paid,
    currency: quote.currency,
    payOnlineTerms: termsOf(quote, scope),
    payment: payment ? toPayment(payment) : null,
    refunds: refunds.map((refund) => ({ ...refund, createdAt: refund.createdAt.toISOString() })),
  };
};

/**
 * A signed payment request for what is left to pay of the own quote (its total less what its card payments
 * keep: the whole total at first, the difference after the cart grew), made under the quote's lock so the amount
 * is that of one consistent cart, and refused once nothing is left to pay. Any earlier request still open is
 * closed: a result for it is refunded instead of applied.
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
    // An order over the buyer's spending limit is paid only once approved (decision 0064).
    if (await mustBeApprovedBeforePayment(tx, quote, payload.userType, ctx.today)) {
      throw new CrmHttpError(400, 'APPROVAL_REQUIRED', APPROVAL_BEFORE_PAYMENT, 'quoteId');
    }
    const terms = termsOf(quote, scope);
    if (!terms.paymentOffered) {
      throw new CrmHttpError(
        400,
        'PAYMENT_NOT_OFFERED',
        `online payment is not offered for this quote (pay-online terms: ${terms.term}).`,
        'quoteId',
      );
    }
    const paid = paidAmount(await appliedQuotePayments(tx, quote.id));
    const amount = leftToPay(amountDue(quote), paid);
    if (amount <= 0 && paid > 0) {
      throw new CrmHttpError(409, 'QUOTE_ALREADY_PAID', 'this quote is already paid.', 'quoteId');
    }
    if (amount <= 0) throw invalidPayload('the quote has nothing to pay.', 'quoteId');
    const now = settings.now();
    const expiresAt = new Date(now.getTime() + PAYMENT_REQUEST_TTL_MINUTES * 60_000);
    await closeQuoteRequests(tx, quote.id, now);
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
