import { CARD_BRANDS, type CardBrand, OTHER_CARD_BRAND, type PaymentStatus } from '@storefront/contracts';
import {
  PAYMENT_RESULT_MAX_AGE_MINUTES,
  type PaymentFields,
  verifyPaymentSignature,
} from '@storefront/contracts/payment-protocol';
import { CrmHttpError, invalidPayload } from '../../core/errors';
import type { HandlerContext } from '../../core/handler';
import { insertPayment, type PaymentRequestRow, type PaymentRow } from '../queries/payments';
import { insertRefund } from '../queries/refunds';

/**
 * What every signed result of the payment provider goes through before it is recorded: its signature, its
 * shape, and the refusal of a second delivery.
 */

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
  if (Number.isNaN(at)) throw invalidPayload('must be an ISO 8601 time.', 'timestamp');
  return { status, brand: fields.brand as CardBrand, at: new Date(at) };
}

/**
 * Refuses a result made more than a few minutes from the CRM's clock. Only for a result that moves no money (a
 * card to save): a charge's result is recorded whenever it comes, since providers retry their notifications.
 */
export function refuseStaleResult(at: Date, now: Date): void {
  if (Math.abs(now.getTime() - at.getTime()) > PAYMENT_RESULT_MAX_AGE_MINUTES * 60_000) {
    throw new CrmHttpError(
      400,
      'PAYMENT_REQUEST_EXPIRED',
      `must be within ${PAYMENT_RESULT_MAX_AGE_MINUTES} minutes of the CRM's clock; a stale result is not taken.`,
      'timestamp',
    );
  }
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

/** What the provider decided of one charge, as the payment row keeps it. */
export interface DecidedCharge {
  status: PaymentRow['status'];
  token: string | null;
  brand: PaymentRow['brand'];
  last4: string;
  declineReason: string | null;
  nonce: string;
}

/**
 * Records a charge the CRM cannot apply to what its request paid, and queues its refund in full: the buyer's
 * money goes back, and the record says why.
 */
export async function recordNotApplied(
  ctx: HandlerContext,
  request: PaymentRequestRow,
  charge: DecidedCharge & { amount: number; currency: string },
  reason: string,
): Promise<PaymentRow> {
  const payment = await insertPayment(ctx.db, {
    requestId: request.id,
    quoteId: request.quoteId,
    accountId: request.accountId,
    ...charge,
    notAppliedReason: reason,
  });
  if (!payment) throw alreadyAnswered('nonce');
  await insertRefund(ctx.db, {
    paymentId: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    reason,
  });
  return payment;
}
