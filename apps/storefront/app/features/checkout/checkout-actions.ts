import type { AddressFormField } from '@storefront/contracts/address-rules';
import type { GuestBuyerField } from '@storefront/contracts/crm-guest-buyers';
import type { SignedPaymentRequest } from '@storefront/contracts/crm-payments';
import type { UploadProgress } from '@storefront/contracts/crm-purchase-orders';
import type { QuoteTax } from '@storefront/contracts/crm-tax';
import type { CustomFieldError } from '@storefront/contracts/custom-fields';

/** The checkout's action route: every step's write is a POST here with an `intent`. */
export const CHECKOUT_ACTION_PATH = '/api/checkout';
/** The checkout page, where the payment provider sends the buyer back. */
export const CHECKOUT_PATH = '/checkout';
/** The submit route of the order (its own module): quoteId and templateId. */
export const CHECKOUT_SUBMIT_PATH = '/api/checkout/submit';

export const CHECKOUT_INTENTS = [
  'saveBuyer',
  'saveAddress',
  'saveBilling',
  'saveShipping',
  'tax',
  'savePo',
  'saveCostCentre',
  'saveCustomFields',
  'uploadChunk',
  'deleteFile',
  'pay',
] as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[number];

/**
 * Writes after which the page need not reload: the summary's tax poll (every 100 ms), a PO file chunk but the
 * last, the signed payment request the browser posts on to the provider, and a refused PO number (the CRM
 * changed nothing, and a reload would drop the field the refusal stands beside when the quote was ordered
 * meanwhile).
 */
export function isQuietWrite(
  formAction: string | undefined,
  formData: FormData | undefined,
  actionResult?: unknown,
): boolean {
  if (formAction !== CHECKOUT_ACTION_PATH) return false;
  const intent = formData?.get('intent');
  if (intent === 'tax' || intent === 'pay') return true;
  if (intent === 'savePo') return (actionResult as CheckoutActionResult | undefined)?.ok === false;
  return intent === 'uploadChunk' && formData?.get('last') !== 'true';
}

/** Form fields of the billing address carry this prefix beside the shipping address's. */
export const BILLING_PREFIX = 'billing.';
/** Form fields of the deliver-to address (C§3: where inside the ship-to site the goods go) carry this one. */
export const DELIVER_TO_PREFIX = 'deliverTo.';

/** Form fields of the custom form carry this prefix before their API name. */
export const CUSTOM_FIELD_PREFIX = 'field.';

/**
 * A form field a refusal belongs to: a guest buyer's or shipping address field, or a billing or deliver-to one
 * (prefixed).
 */
export type CheckoutField =
  | GuestBuyerField
  | AddressFormField
  | `${typeof BILLING_PREFIX | typeof DELIVER_TO_PREFIX}${AddressFormField}`
  | 'poNumber';

export interface AddressSuggestion {
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** What a write answers beside success: the tax, the upload so far, the signed payment request. */
export interface CheckoutAnswer {
  tax: QuoteTax | null;
  upload: UploadProgress | null;
  payment: SignedPaymentRequest | null;
}

/**
 * What a checkout action answers: done (with the tax when asked for), or refused with the message to show,
 * beside `field` when it names one, and the tax service's address suggestion when it has one. A refusal is
 * an answer, not an HTTP error (decision 0013).
 */
export type CheckoutActionResult =
  | ({ ok: true; intent: CheckoutIntent } & CheckoutAnswer)
  | {
      ok: false;
      intent: CheckoutIntent | null;
      message: string;
      field: CheckoutField | null;
      suggestion: AddressSuggestion | null;
      /** The custom form's refusals, one per field. */
      fieldErrors?: CustomFieldError[];
      signInPath?: string;
    };
