import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';
import { cardBrandSchema } from './crm-payments';

/**
 * Saved payment methods (spec P§7 "payment-method management"; docs/decisions/0030-saved-payment-methods.md):
 * cards the payment provider keeps, known to the CRM by the provider's token, brand, last 4 and expiry only.
 * Every type acts for one account of one storefront (the gateway binds both, and the contact, from the
 * principal); another account's method is refused.
 */
const methodScope = {
  ...catalogueScope,
  /** Bound by the gateway to the signed-in user's contact: who saved the card. */
  contactId: id.optional(),
};

const paymentMethodSchema = z.object({
  id: z.string(),
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** startSavingPaymentMethod's answer: post `fields` as a form to `pageUrl` (the provider's hosted page). */
const signedCardRequestSchema = z.object({
  pageUrl: z.string(),
  fields: z.object({
    request_id: z.string(),
    merchant: z.string(),
    return_url: z.string(),
    callback_url: z.string(),
    expires_at: z.string(),
    signature: z.string(),
  }),
});
export type SignedCardRequest = z.infer<typeof signedCardRequestSchema>;

const protocolValue = text().max(2048);
const perAccount = { group: 'paymentmethods', cacheable: false } as const;
const listAnswer = z.object({ methods: z.array(paymentMethodSchema) });

export const PAYMENT_METHOD_CRM_TYPES = {
  /** The account's saved cards, the default first, then the newest. */
  getPaymentMethods: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object(methodScope),
    answer: listAnswer,
  }),
  /** A signed request to save a card on the provider's page (no charge); it returns the buyer to returnUrl. */
  startSavingPaymentMethod: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object({
      ...methodScope,
      returnUrl: text().trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
    }),
    answer: signedCardRequestSchema,
  }),
  /** Makes an own method the account's default; answers the list as it now is. */
  setDefaultPaymentMethod: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object({ ...methodScope, paymentMethodId: id }),
    answer: listAnswer,
  }),
  /** Removes an own method (the newest other one becomes the default); answers the list as it now is. */
  removePaymentMethod: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object({ ...methodScope, paymentMethodId: id }),
    answer: listAnswer,
  }),
  /** The provider's signed card_result (server to server; never reachable through the gateway). */
  savePaymentMethodCallback: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object({
      request_id: protocolValue,
      status: protocolValue,
      token: protocolValue,
      brand: protocolValue,
      last4: protocolValue,
      exp_month: protocolValue,
      exp_year: protocolValue,
      decline_reason: protocolValue,
      timestamp: protocolValue,
      nonce: protocolValue,
      signature: protocolValue,
    }),
    answer: z.object({
      requestId: z.string(),
      status: z.enum(['Saved', 'Declined']),
      paymentMethodId: z.string().nullable(),
    }),
  }),
};
