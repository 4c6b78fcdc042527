import {
  addressFieldConfigSchema,
  CHECKOUT_MESSAGES,
  DEFAULT_ADDRESS_FIELD_CONFIG,
  ORDER_NUMBER_PATTERN,
} from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutSteps,
  formatOrderNumber,
  incompleteStep,
  orderPdfFileName,
} from '../../src/checkout/rules/checkout';

const address = {
  address: '1 Main St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};
const done: CheckoutSteps = {
  lineCount: 1,
  shippingAddress: address,
  shippingFromLocation: false,
  shippingAddressConfig: DEFAULT_ADDRESS_FIELD_CONFIG,
  requiresShipping: true,
  shippingMethodChosen: true,
  shippingRateRequired: true,
  billingAddress: address,
  poNumber: 'PO-1',
  paymentRequired: false,
  paidAmount: null,
};
const empty = { address: '', address2: '', city: '', state: '', zip: '', country: '' };

describe('the steps an order needs', () => {
  it('passes a checkout with every step done', () => {
    expect(incompleteStep(done)).toBeNull();
  });

  it('names the first incomplete step, in the order of the checkout', () => {
    expect(incompleteStep({ ...done, lineCount: 0, shippingAddress: empty })).toBe(
      CHECKOUT_MESSAGES.emptyCart,
    );
    expect(incompleteStep({ ...done, shippingAddress: empty, billingAddress: empty })).toBe(
      CHECKOUT_MESSAGES.shippingAddress,
    );
    expect(incompleteStep({ ...done, shippingMethodChosen: false, billingAddress: empty })).toBe(
      CHECKOUT_MESSAGES.shippingMethod,
    );
    expect(incompleteStep({ ...done, billingAddress: empty })).toBe(CHECKOUT_MESSAGES.billingAddress);
    expect(incompleteStep({ ...done, paymentRequired: true, poNumber: null })).toBe(
      CHECKOUT_MESSAGES.paymentRequired,
    );
    expect(incompleteStep({ ...done, poNumber: '  ' })).toBe(CHECKOUT_MESSAGES.poNumber);
  });

  it('uses the address-to-use rules: a state for a US or account address, not for a location abroad', () => {
    const noState = { ...address, state: '' };
    expect(incompleteStep({ ...done, shippingAddress: noState, shippingFromLocation: true })).toBe(
      CHECKOUT_MESSAGES.shippingAddress,
    );
    const london = { ...address, state: '', city: 'London', zip: 'SW1A 1AA', country: 'GB' };
    expect(incompleteStep({ ...done, shippingAddress: london, shippingFromLocation: true })).toBeNull();
    expect(incompleteStep({ ...done, shippingAddress: london })).toBe(CHECKOUT_MESSAGES.shippingAddress);
    // Any one part makes a billing address.
    expect(incompleteStep({ ...done, billingAddress: { ...empty, city: 'Austin' } })).toBeNull();
  });

  it('needs every address part the checkout template requires (C§5 per-field configuration)', () => {
    const noZip = { ...address, zip: '' };
    expect(incompleteStep({ ...done, shippingAddress: noZip })).toBe(CHECKOUT_MESSAGES.shippingAddress);
    const zipOptional = addressFieldConfigSchema.parse({ zip: { required: false } });
    expect(
      incompleteStep({ ...done, shippingAddress: noZip, shippingAddressConfig: zipOptional }),
    ).toBeNull();
    const lineTwoRequired = addressFieldConfigSchema.parse({ address2: { required: true, maxLength: 40 } });
    expect(incompleteStep({ ...done, shippingAddressConfig: lineTwoRequired })).toBe(
      CHECKOUT_MESSAGES.shippingAddress,
    );
  });

  it('needs no shipping method without shipping, or where the storefront sells without a rate', () => {
    expect(incompleteStep({ ...done, shippingMethodChosen: false, requiresShipping: false })).toBeNull();
    expect(incompleteStep({ ...done, shippingMethodChosen: false, shippingRateRequired: false })).toBeNull();
  });

  it('needs a PO number only for an order bought on account', () => {
    expect(incompleteStep({ ...done, poNumber: null, paidAmount: 120 })).toBeNull();
    expect(incompleteStep({ ...done, poNumber: null, paymentRequired: true, paidAmount: 120 })).toBeNull();
  });
});

describe('order numbers', () => {
  it('are SO, the year and a six-digit sequence that grows when it must', () => {
    expect(formatOrderNumber(2026, 123)).toBe('SO-2026-000123');
    expect(formatOrderNumber(2026, 1_234_567)).toBe('SO-2026-1234567');
    expect(formatOrderNumber(2026, 1)).toMatch(ORDER_NUMBER_PATTERN);
    expect(ORDER_NUMBER_PATTERN.test('SO-2026-12')).toBe(false);
    expect(orderPdfFileName('SO-2026-000123')).toBe('Order-SO-2026-000123.pdf');
  });
});
