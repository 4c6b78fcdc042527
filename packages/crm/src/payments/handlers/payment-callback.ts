import { paymentAmount } from '@storefront/contracts/payment-protocol';
import { invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { lockQuote } from '../../db/locks';
import type { CrmDb } from '../../db/open';
import { invoicePayments } from '../purposes';
import {
  appliedQuotePayments,
  findPaymentByNonce,
  findPaymentRequest,
  insertPayment,
  lockPaymentRequest,
  type PaymentRequestRow,
  type PaymentRow,
  requestWasApplied,
} from '../queries/payments';
import { amountDue, leftToPay, paidAmount, REFUND_REASONS } from '../rules/payments';
import { paymentSettings } from './payments';
import {
  alreadyAnswered,
  type DecidedCharge,
  readProviderResult,
  recordNotApplied,
  verifyProviderResult,
} from './provider-results';

const AMOUNT = /^\d{1,10}\.\d{2}$/;

/**
 * What the request pays, locked before the request itself: the order starting a payment takes them in (the
 * quote or the invoices, then their open requests, which it closes), so the two never wait for each other
 * (docs/decisions/0052-lock-order.md). What a request pays never changes, so it is read before the lock.
 */
async function lockWhatItPays(tx: CrmDb, requestId: string): Promise<void> {
  const request = await findPaymentRequest(tx, requestId);
  if (!request) return;
  if (request.quoteId !== null) {
    await lockQuote(tx, request.quoteId, 'wait');
    return;
  }
  await invoicePayments().lock(tx, request);
}

/** Why a succeeded charge of the request cannot be applied to anything, whatever it paid; null when it can. */
async function requestRefusal(
  ctx: HandlerContext,
  request: PaymentRequestRow,
  at: Date,
  charged: { amount: number; currency: string },
): Promise<string | null> {
  if (await requestWasApplied(ctx.db, request.id)) return REFUND_REASONS.alreadyPaid;
  if (request.closedAt) return REFUND_REASONS.replaced;
  if (at > request.expiresAt) return REFUND_REASONS.expired;
  if (
    paymentAmount(charged.amount) !== paymentAmount(request.amount) ||
    charged.currency !== request.currency
  ) {
    return REFUND_REASONS.amountChanged;
  }
  return null;
}

/** A charge of a quote's request: applied while the quote still has something to pay, else refunded. */
async function applyQuoteCharge(
  ctx: HandlerContext,
  request: PaymentRequestRow & { quoteId: string },
  charge: DecidedCharge & { amount: number; currency: string },
): Promise<PaymentRow> {
  const quote = await lockQuote(ctx.db, request.quoteId, 'wait');
  if (!quote) throw notFound('the quote of this payment request no longer exists.', 'request_id');
  if (charge.status === 'Succeeded') {
    const paid = paidAmount(await appliedQuotePayments(ctx.db, quote.id));
    const reason = quote.checkedOut
      ? REFUND_REASONS.ordered
      : leftToPay(amountDue(quote), paid) === 0
        ? REFUND_REASONS.alreadyPaid
        : null;
    if (reason) return recordNotApplied(ctx, request, charge, reason);
  }
  const payment = await insertPayment(ctx.db, {
    requestId: request.id,
    quoteId: quote.id,
    accountId: request.accountId,
    ...charge,
  });
  if (!payment) throw alreadyAnswered('nonce');
  return payment;
}

/**
 * The provider's signed result (server to server). Every result the provider signed is recorded: a charge that
 * can no longer be applied (its request replaced or expired, another amount than asked, what it paid already
 * paid or ordered) is kept with its reason and refunded in full, so no card is charged without a record. Refused:
 * a signature that does not match, a result of no request of this CRM, and a second delivery of a nonce. Under
 * the quote's (or the invoices') lock, then the request's, so parallel callbacks apply one payment.
 */
export const paymentRequestHandler: Handler<'paymentRequestHandler'> = async (ctx, payload) => {
  const settings = paymentSettings(ctx);
  const { signature, ...fields } = payload;
  verifyProviderResult(settings.secret, 'result', fields, signature);
  const result = readProviderResult(fields);
  if (!AMOUNT.test(fields.amount)) throw invalidPayload('must be an amount like 12.50.', 'amount');
  // A replay is refused at once, without queueing for the locks; the check under them below is the one that holds.
  if (await findPaymentByNonce(ctx.db, fields.nonce)) throw alreadyAnswered('nonce');
  const answer = await ctx.db.transaction(async (tx) => {
    const db = { ...ctx, db: tx };
    await lockWhatItPays(tx, fields.request_id);
    const request = await lockPaymentRequest(tx, fields.request_id);
    if (!request) throw notFound('there is no payment request with this id.', 'request_id');
    if (await findPaymentByNonce(tx, fields.nonce)) throw alreadyAnswered('nonce');
    const charge = {
      status: result.status,
      token: result.status === 'Succeeded' ? fields.token : null,
      brand: result.brand,
      last4: fields.last4,
      declineReason: result.status === 'Declined' ? fields.decline_reason || 'card_declined' : null,
      nonce: fields.nonce,
      amount: Number(fields.amount),
      currency: fields.currency,
    };
    const refusal =
      result.status === 'Succeeded' ? await requestRefusal(db, request, result.at, charge) : null;
    const payment = refusal
      ? await recordNotApplied(db, request, charge, refusal)
      : request.quoteId !== null
        ? await applyQuoteCharge(db, { ...request, quoteId: request.quoteId }, charge)
        : await invoicePayments().apply(db, request, charge);
    return {
      requestId: request.id,
      status: payment.status,
      paymentId: payment.id,
      applied: payment.notAppliedReason === null,
    };
  });
  // A receipt queued by a payment of invoices, and a refund, go out now; neither delivery throws.
  void ctx.mail.deliver();
  void ctx.refunds.settle();
  void ctx.events.deliver();
  return answer;
};
