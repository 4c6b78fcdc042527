import { CARD_BRANDS, type CardBrand, OTHER_CARD_BRAND, type PaymentStatus } from '@storefront/contracts';
import {
  PAYMENT_RESULT_MAX_AGE_MINUTES,
  type PaymentFields,
  paymentAmount,
  verifyPaymentSignature,
} from '@storefront/contracts/payment-protocol';
import {
  findPaymentOfRequest,
  findSucceededPayment,
  insertPayment,
  lockPaymentRequest,
} from '../../db/queries/payments';
import { lockQuote } from '../../db/queries/quotes';
import { CrmHttpError, invalidPayload, notFound } from '../errors';
import { applyInvoicePaymentResult } from './invoice-payments';
import { paymentSettings } from './payments';
import type { Handler } from './types';

const STATUSES: Readonly<Record<string, PaymentStatus>> = { succeeded: 'Succeeded', declined: 'Declined' };
const BRANDS: ReadonlySet<string> = new Set([...CARD_BRANDS, OTHER_CARD_BRAND]);

export const alreadyAnswered = (field: string) =>
  new CrmHttpError(
    409,
    'PAYMENT_ALREADY_PROCESSED',
    'this payment request already has its result; a result is recorded once.',
    field,
  );

/**
 * What a signed provider result (a payment's or a saved card's) says of the card, its nonce and its time,
 * checked for shape: the signature must already have been verified (`verifyProviderResult`).
 */
export function readProviderResult(
  fields: Pick<
    PaymentFields<'result' | 'card_result'>,
    'status' | 'token' | 'brand' | 'last4' | 'timestamp' | 'nonce'
  >,
  now: Date,
) {
  const status = STATUSES[fields.status];
  if (!status) throw invalidPayload("must be 'succeeded' or 'declined'.", 'status');
  if (!BRANDS.has(fields.brand)) throw invalidPayload('is not a card brand this CRM knows.', 'brand');
  if (!/^\d{4}$/.test(fields.last4)) throw invalidPayload('must be the last 4 digits of the card.', 'last4');
  if (status === 'Succeeded' && fields.token === '') {
    throw invalidPayload('a succeeded result must carry the card token.', 'token');
  }
  if (fields.nonce.length < 16) throw invalidPayload('must be at least 16 characters.', 'nonce');
  const at = Date.parse(fields.timestamp);
  if (Number.isNaN(at) || Math.abs(now.getTime() - at) > PAYMENT_RESULT_MAX_AGE_MINUTES * 60_000) {
    throw new CrmHttpError(
      400,
      'PAYMENT_REQUEST_EXPIRED',
      `must be within ${PAYMENT_RESULT_MAX_AGE_MINUTES} minutes of the CRM's clock; a stale result is not taken.`,
      'timestamp',
    );
  }
  return { status, brand: fields.brand as CardBrand, at: new Date(at) };
}

/** Refuses (403) a result the payment provider did not sign. */
export function verifyProviderResult<M extends 'result' | 'card_result'>(
  secret: string,
  kind: M,
  fields: PaymentFields<M>,
  signature: string,
): void {
  if (!verifyPaymentSignature(secret, kind, fields, signature)) {
    throw new CrmHttpError(
      403,
      'PAYMENT_SIGNATURE_INVALID',
      'does not match the result: it was not signed by the payment provider.',
      'signature',
    );
  }
}

/**
 * The provider's signed result (server to server). Refused: a signature that does not match, a stale
 * timestamp, an unknown or expired request, an amount or currency other than the request's, and any second
 * result for a request or nonce. Under the request's lock, then the quote's (or the invoices'), so parallel
 * callbacks record one payment and a quote or an invoice is never paid twice.
 */
export const paymentRequestHandler: Handler<'paymentRequestHandler'> = async (ctx, payload) => {
  const settings = paymentSettings(ctx);
  const { signature, ...fields } = payload;
  verifyProviderResult(settings.secret, 'result', fields, signature);
  const result = readProviderResult(fields, settings.now());
  // A replay is refused at once, without queueing for the locks; the check under them below is the one that holds.
  if (await findPaymentOfRequest(ctx.db, fields.request_id)) throw alreadyAnswered('request_id');
  const answer = await ctx.db.transaction(async (tx) => {
    const request = await lockPaymentRequest(tx, fields.request_id);
    if (!request) throw notFound('there is no payment request with this id.', 'request_id');
    // Nothing locks a quote and then a request, so this order cannot deadlock with quote changes.
    if (request.quoteId !== null) await lockQuote(tx, request.quoteId, 'wait');
    if (await findPaymentOfRequest(tx, request.id)) throw alreadyAnswered('request_id');
    if (result.at > request.expiresAt) {
      throw new CrmHttpError(
        400,
        'PAYMENT_REQUEST_EXPIRED',
        `the payment request expired at ${request.expiresAt.toISOString()}.`,
        'request_id',
      );
    }
    const expected = `${paymentAmount(request.amount)} ${request.currency}`;
    if (`${fields.amount} ${fields.currency}` !== expected) {
      throw new CrmHttpError(
        400,
        'PAYMENT_MISMATCH',
        `the result is for ${fields.amount} ${fields.currency}, the request for ${expected}.`,
        'amount',
      );
    }
    const decided = {
      status: result.status,
      token: result.status === 'Succeeded' ? fields.token : null,
      brand: result.brand,
      last4: fields.last4,
      declineReason: result.status === 'Declined' ? fields.decline_reason || 'card_declined' : null,
      nonce: fields.nonce,
    };
    if (request.quoteId === null) {
      const payment = await applyInvoicePaymentResult({ ...ctx, db: tx }, request, decided);
      return { requestId: request.id, status: payment.status, paymentId: payment.id };
    }
    if (result.status === 'Succeeded' && (await findSucceededPayment(tx, request.quoteId))) {
      throw new CrmHttpError(
        409,
        'QUOTE_ALREADY_PAID',
        'the quote of this request is already paid.',
        'request_id',
      );
    }
    const payment = await insertPayment(tx, {
      requestId: request.id,
      quoteId: request.quoteId,
      accountId: request.accountId,
      amount: request.amount,
      currency: request.currency,
      ...decided,
    });
    if (!payment) throw alreadyAnswered('nonce');
    return { requestId: request.id, status: payment.status, paymentId: payment.id };
  });
  // A receipt queued by a payment of invoices goes out now; delivery never throws.
  void ctx.mail.deliver();
  return answer;
};
