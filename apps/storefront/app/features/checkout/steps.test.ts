import { describe, expect, it } from 'vitest';
import { type CheckoutProgress, isStepAvailable, stepsFor } from './steps';

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
