import { z } from 'zod';
import { CARD_BRANDS, OTHER_CARD_BRAND } from './card-brand';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';

/**
 * Online payment through a hosted payment page (spec C§7 "Cart": getShuttleInfo, getShuttleCheckoutInfo,
 * generateSignature, paymentRequestHandler; the protocol is in payment-protocol.ts, the design in
 * docs/decisions/0015-hosted-payments.md).
 */

/** Spec C§4: the terms a quote (or an account) sets for paying online. */
export const PAY_ONLINE_TERMS = [
  'Payment Required',
  'Payment Optional',
  'No Payment',
  'Use Account Pay Online Terms',
] as const;
export type PayOnlineTerm = (typeof PAY_ONLINE_TERMS)[number];
/** An account's own term: it cannot defer to itself. */
export const ACCOUNT_PAY_ONLINE_TERMS = ['Payment Required', 'Payment Optional', 'No Payment'] as const;
export type AccountPayOnlineTerm = (typeof ACCOUNT_PAY_ONLINE_TERMS)[number];

/** The query parameters the provider sends the buyer back with: a hint for the page, the CRM's record decides. */
export const PAYMENT_RETURN_PARAMS = {
  request: 'payment_request',
  status: 'payment_status',
  signature: 'payment_signature',
} as const;

/** What the checkout page does with a quote's terms. */
const payOnlineTermsSchema = z.object({
  /** The term that applies after the account fallback. */
  term: z.enum(ACCOUNT_PAY_ONLINE_TERMS),
  /** Whether the quote's own term deferred to the account's. */
  fromAccount: z.boolean(),
  /** The order cannot be placed until it is paid online. */
  paymentRequired: z.boolean(),
  /** Online payment is offered at all. */
  paymentOffered: z.boolean(),
});
export type PayOnlineTerms = z.infer<typeof payOnlineTermsSchema>;

export const PAYMENT_STATUSES = ['Succeeded', 'Declined'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const cardBrandSchema = z.enum([...CARD_BRANDS, OTHER_CARD_BRAND]);

/** A payment as the CRM recorded it from the provider's result: never more of the card than brand and last 4. */
const paymentSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  currency: z.string(),
  brand: cardBrandSchema,
  last4: z.string(),
  /** The provider's reason for a decline ('card_declined', 'insufficient_funds' …); null when it succeeded. */
  declineReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

const shuttleInfoSchema = z.object({
  /** Whether this CRM can take payments online at all. */
  configured: z.boolean(),
  /** Where the browser posts generateSignature's fields (a path when the provider is served by this host). */
  pageUrl: z.string().nullable(),
  acceptedBrands: z.array(cardBrandSchema),
});
export type ShuttleInfo = z.infer<typeof shuttleInfoSchema>;

/**
 * Refunds go back to the card a charge came from: Pending until the provider confirms, Failed after the last
 * try (the supplier then refunds by hand).
 */
export const REFUND_STATUSES = ['Pending', 'Refunded', 'Failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Money the CRM gives back of a quote's card payments, and why. */
const refundSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** Said to the buyer: why the money goes back. */
  reason: z.string(),
  brand: cardBrandSchema,
  last4: z.string(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

const shuttleCheckoutInfoSchema = z.object({
  quoteId: z.string(),
  /** What is left to pay online: the quote's total less what its card payments already cover; never below 0. */
  amountDue: z.number(),
  /** The quote's total now. */
  total: z.number(),
  /** What the quote's card payments cover, refunds taken off; above the total when the cart shrank after paying. */
  amountPaid: z.number(),
  currency: z.string(),
  payOnlineTerms: payOnlineTermsSchema,
  /** The quote's latest applied payment, else its latest declined one; null when none. */
  payment: paymentSchema.nullable(),
  /** What was or is being refunded of the quote's payments, newest first. */
  refunds: z.array(refundSchema),
});
export type ShuttleCheckoutInfo = z.infer<typeof shuttleCheckoutInfoSchema>;

/** generateSignature's (and startInvoicePayment's) answer: post `fields` as a form to `pageUrl`. */
export const signedPaymentRequestSchema = z.object({
  pageUrl: z.string(),
  fields: z.object({
    request_id: z.string(),
    amount: z.string(),
    currency: z.string(),
    reference: z.string(),
    merchant: z.string(),
    return_url: z.string(),
    callback_url: z.string(),
    expires_at: z.string(),
    signature: z.string(),
  }),
});
export type SignedPaymentRequest = z.infer<typeof signedPaymentRequestSchema>;

const protocolValue = text().max(2048);

const perOwner = { group: 'ecommerce', cacheable: false } as const;

export const PAYMENT_CRM_TYPES = {
  /** Whether online payment is configured, the provider's page and the brands it takes. */
  getShuttleInfo: crmType({
    group: 'ecommerce',
    cacheable: true,
    method: 'GET',
    payload: z.object({}),
    answer: shuttleInfoSchema,
  }),
  /** The amount due and pay-online terms of an own quote, and its payment so far. */
  getShuttleCheckoutInfo: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id }),
    answer: shuttleCheckoutInfoSchema,
  }),
  /**
   * A new signed payment request for an own quote, for the amount the CRM computes (nothing in the payload
   * sets it). The provider sends the browser back to returnUrl, which must be on the storefront's domain.
   */
  generateSignature: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      returnUrl: text().trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
      /** The buyer's user type, bound by the gateway: their role's spending limit applies (decision 0064). */
      userType: text().max(40).optional(),
    }),
    answer: signedPaymentRequestSchema,
  }),
  /** The provider's signed result (server to server; never reachable through the gateway). */
  paymentRequestHandler: crmType({
    ...perOwner,
    method: 'POST',
    payload: z.object({
      request_id: protocolValue,
      status: protocolValue,
      amount: protocolValue,
      currency: protocolValue,
      token: protocolValue,
      brand: protocolValue,
      last4: protocolValue,
      decline_reason: protocolValue,
      timestamp: protocolValue,
      nonce: protocolValue,
      signature: protocolValue,
    }),
    answer: z.object({
      requestId: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      paymentId: z.string(),
      /** False for a charge recorded but not applied (its request replaced or expired, already paid): refunded. */
      applied: z.boolean(),
    }),
  }),
};
