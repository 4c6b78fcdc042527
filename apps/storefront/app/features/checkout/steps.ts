import type { ShippingRates } from '@storefront/contracts/crm-shipping';

/**
 * The checkout's steps in page order (C§2). A step is available when it is the first one or the step before
 * it is complete; a signed-in user has no account step and may always edit the shipping address (C§4). The
 * custom form is a step only on a page whose template has one.
 */
export const CHECKOUT_STEPS = [
  'checkoutAccount',
  'shippingAddress',
  'shippingMethod',
  'customForm',
  'termsAndPayment',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** What the quote already holds, as the CRM answers it: each step's completeness. */
export interface CheckoutProgress {
  /** The quote names its buyer (a signed-in user, or a guest registered as a buyer). */
  account: boolean;
  /** A shipping address the quote can be shipped to is saved. */
  shippingAddress: boolean;
  /**
   * A shipping method is saved, or the quote needs no shipping, or no rate reaches it where the storefront takes
   * orders without one (its freight is then quoted by hand, C§3).
   */
  shippingMethod: boolean;
  /** Every required custom field has a saved value; null: the page has no custom form. */
  customForm: boolean | null;
}

const COMPLETE_BY_STEP: Record<CheckoutStep, keyof CheckoutProgress | null> = {
  checkoutAccount: 'account',
  shippingAddress: 'shippingAddress',
  shippingMethod: 'shippingMethod',
  customForm: 'customForm',
  // Terms and payment end with the order itself.
  termsAndPayment: null,
};

/** Whether the shipping method step is done, from the CRM's rates of the quote (see CheckoutProgress). */
export function isShippingMethodDone(rates: ShippingRates): boolean {
  if (!rates.requiresShipping || rates.selected !== null) return true;
  const offered = rates.ShippingResults.some((group) => group.ShippingInfo.length > 0);
  return !offered && !rates.shippingSettings.doNotAllowCheckoutWithoutShippingRate;
}

export function isStepComplete(step: CheckoutStep, progress: CheckoutProgress): boolean {
  const key = COMPLETE_BY_STEP[step];
  return key !== null && progress[key] === true;
}

/** The steps a viewer goes through: guests start with the account step; the custom form where there is one. */
export function stepsFor(signedIn: boolean, withCustomForm: boolean): readonly CheckoutStep[] {
  return CHECKOUT_STEPS.filter(
    (step) => !(signedIn && step === 'checkoutAccount') && (withCustomForm || step !== 'customForm'),
  );
}

export function isStepAvailable(step: CheckoutStep, progress: CheckoutProgress, signedIn: boolean): boolean {
  const steps = stepsFor(signedIn, progress.customForm !== null);
  const index = steps.indexOf(step);
  if (index < 0) return false;
  if (index === 0 || (signedIn && step === 'shippingAddress')) return true;
  const previous = steps[index - 1];
  return previous !== undefined && isStepComplete(previous, progress);
}
