import type { AddressFormField } from '@storefront/contracts/address-rules';
import type { QuoteTax } from '@storefront/contracts/crm-tax';

/** The checkout's action route: every step's write is a POST here with an `intent`. */
export const CHECKOUT_ACTION_PATH = '/api/checkout';
/** The submit route of the order (its own module): quoteId and templateId. */
export const CHECKOUT_SUBMIT_PATH = '/api/checkout/submit';

export const CHECKOUT_INTENTS = ['saveAddress', 'saveBilling', 'saveShipping', 'tax'] as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[number];

/** The summary's tax poll: a write of the tax alone, after which nothing else on the page needs reloading. */
export function isTaxPoll(formAction: string | undefined, formData: FormData | undefined): boolean {
  return formAction === CHECKOUT_ACTION_PATH && formData?.get('intent') === 'tax';
}

/** Form fields of the billing address carry this prefix beside the shipping address's. */
export const BILLING_PREFIX = 'billing.';

/** A form field a refusal belongs to: a shipping address field, or a billing one (prefixed). */
export type CheckoutField = AddressFormField | `${typeof BILLING_PREFIX}${AddressFormField}`;

export interface AddressSuggestion {
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/**
 * What a checkout action answers: done (with the tax when asked for), or refused with the message to show,
 * beside `field` when it names one, and the tax service's address suggestion when it has one. A refusal is
 * an answer, not an HTTP error (decision 0013).
 */
export type CheckoutActionResult =
  | { ok: true; intent: CheckoutIntent; tax: QuoteTax | null }
  | {
      ok: false;
      intent: CheckoutIntent | null;
      message: string;
      field: CheckoutField | null;
      suggestion: AddressSuggestion | null;
      signInPath?: string;
    };
