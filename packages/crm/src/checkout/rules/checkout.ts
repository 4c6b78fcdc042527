import {
  type AddressFieldConfig,
  type AddressParts,
  addressToUseIssue,
  CHECKOUT_MESSAGES,
  shippingAddressIssue,
} from '@storefront/contracts';

/**
 * What placing an order needs of the checkout's steps (spec C§4), checked by the CRM whatever the page
 * showed. Each step's state is read by the caller under the quote's lock; this decides only.
 */
export interface CheckoutSteps {
  lineCount: number;
  shippingAddress: AddressParts;
  /** The shipping address is one of the account's locations (a location needs no state outside the US). */
  shippingFromLocation: boolean;
  /** The checkout template's address configuration: the parts a shipping address must have (C§5). */
  shippingAddressConfig: AddressFieldConfig;
  /** False for a quote of only non-shippable items (services, training). */
  requiresShipping: boolean;
  shippingMethodChosen: boolean;
  /** The storefront refuses checkout without a shipping rate. */
  shippingRateRequired: boolean;
  billingAddress: AddressParts;
  poNumber: string | null;
  paymentRequired: boolean;
  /** The amount of the quote's succeeded payment; null when it has none. */
  paidAmount: number | null;
}

/** The first incomplete step's message, in the order of the checkout's blocks; null when all are done. */
export function incompleteStep(steps: CheckoutSteps): string | null {
  if (steps.lineCount === 0) return CHECKOUT_MESSAGES.emptyCart;
  const shippingObject = steps.shippingFromLocation ? 'Location' : 'Account';
  if (shippingAddressIssue(steps.shippingAddress, shippingObject, steps.shippingAddressConfig)) {
    return CHECKOUT_MESSAGES.shippingAddress;
  }
  if (steps.requiresShipping && steps.shippingRateRequired && !steps.shippingMethodChosen) {
    return CHECKOUT_MESSAGES.shippingMethod;
  }
  if (addressToUseIssue(steps.billingAddress, 'Billing', 'Account')) return CHECKOUT_MESSAGES.billingAddress;
  if (steps.paymentRequired && steps.paidAmount === null) return CHECKOUT_MESSAGES.paymentRequired;
  // An order not paid online is bought on account: it needs the buyer's purchase order.
  if (steps.paidAmount === null && !steps.poNumber?.trim()) return CHECKOUT_MESSAGES.poNumber;
  return null;
}

/** An order number: SO-{year}-{sequence of the year, at least six digits} (ORDER_NUMBER_PATTERN). */
export function formatOrderNumber(year: number, sequence: number): string {
  return `SO-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The PDF's file name: the order number says which order it is. */
export function orderPdfFileName(orderNumber: string): string {
  return `Order-${orderNumber}.pdf`;
}
