import type { ShippingRates } from '@storefront/contracts/crm-shipping';
import { describe, expect, it } from 'vitest';
import { type CheckoutProgress, isShippingMethodDone, isStepAvailable, stepsFor } from './steps';

const nothing: CheckoutProgress = {
  account: false,
  shippingAddress: false,
  shippingMethod: false,
  customForm: null,
};

describe('checkout steps', () => {
  it('starts a guest with the account step and keeps the later steps closed until it is done', () => {
    expect(stepsFor(false, false)[0]).toBe('checkoutAccount');
    expect(isStepAvailable('checkoutAccount', nothing, false)).toBe(true);
    expect(isStepAvailable('shippingAddress', nothing, false)).toBe(false);
    expect(isStepAvailable('shippingAddress', { ...nothing, account: true }, false)).toBe(true);
  });

  it('always opens the shipping address to a signed-in user, who has no account step', () => {
    expect(stepsFor(true, false)).not.toContain('checkoutAccount');
    expect(isStepAvailable('checkoutAccount', nothing, true)).toBe(false);
    expect(isStepAvailable('shippingAddress', nothing, true)).toBe(true);
  });

  it('opens a step once the one before it is complete', () => {
    expect(isStepAvailable('shippingMethod', nothing, true)).toBe(false);
    const addressed = { ...nothing, shippingAddress: true };
    expect(isStepAvailable('shippingMethod', addressed, true)).toBe(true);
    expect(isStepAvailable('termsAndPayment', addressed, true)).toBe(false);
    expect(isStepAvailable('termsAndPayment', { ...addressed, shippingMethod: true }, true)).toBe(true);
  });

  it('puts the custom form between shipping method and terms only on a page that has one', () => {
    expect(stepsFor(true, false)).toEqual(['shippingAddress', 'shippingMethod', 'termsAndPayment']);
    expect(stepsFor(true, true)).toEqual([
      'shippingAddress',
      'shippingMethod',
      'customForm',
      'termsAndPayment',
    ]);
    const shipped = { ...nothing, shippingAddress: true, shippingMethod: true };
    expect(isStepAvailable('customForm', shipped, true)).toBe(false);
    const unsaved = { ...shipped, customForm: false };
    expect(isStepAvailable('customForm', unsaved, true)).toBe(true);
    expect(isStepAvailable('termsAndPayment', unsaved, true)).toBe(false);
    expect(isStepAvailable('termsAndPayment', { ...shipped, customForm: true }, true)).toBe(true);
  });
});

describe('the shipping method step', () => {
  const rates = (change: Partial<ShippingRates>, required: boolean): ShippingRates => ({
    ShippingResults: [],
    shippingSettings: {
      doNotAllowCheckoutWithoutShippingRate: required,
      allowCustomerShippingAccount: false,
    },
    errorMessage: 'Shipping rates are not available for ACM-CD4-PE; contact us for a shipping quote.',
    requiresShipping: true,
    message: null,
    selected: null,
    ...change,
  });
  const ground = {
    ShippingInfo: [{ carrier: 'UPS', service: 'Ground', amount: 12.9 }],
  } as unknown as ShippingRates['ShippingResults'][number];

  it('is done when no rate reaches the quote and the storefront takes orders without one', () => {
    expect(isShippingMethodDone(rates({}, false))).toBe(true);
    expect(isShippingMethodDone(rates({}, true))).toBe(false);
  });

  it('waits for a choice while a rate is offered, whether or not one is required', () => {
    expect(isShippingMethodDone(rates({ ShippingResults: [ground], errorMessage: null }, false))).toBe(false);
    expect(isShippingMethodDone(rates({ ShippingResults: [ground], errorMessage: null }, true))).toBe(false);
    expect(isShippingMethodDone(rates({ requiresShipping: false }, true))).toBe(true);
  });
});
