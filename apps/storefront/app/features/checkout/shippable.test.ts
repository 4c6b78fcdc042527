import { addressFieldConfigSchema, DEFAULT_ADDRESS_FIELD_CONFIG } from '@storefront/contracts/address-rules';
import type { QuoteAddress } from '@storefront/contracts/crm-addresses';
import { describe, expect, it } from 'vitest';
import { isShippable } from './checkout.server';

const boston: QuoteAddress = {
  quoteId: 'q1',
  addressType: 'Shipping',
  accountId: 'a1',
  locationId: null,
  locName: null,
  address: '1210 Longwood Avenue',
  address2: '',
  city: 'Boston',
  state: 'MA',
  zip: '02115',
  country: 'US',
  contactName: 'Ana Lima',
  contactEmail: 'ana.lima@lumen.example',
  contactPhone: '',
};

describe('a saved shipping address completes its step as the CRM decides at the order (C§5)', () => {
  it('needs every part the template requires: the default checkout a ZIP, the express checkout a line 2', () => {
    expect(isShippable(boston, DEFAULT_ADDRESS_FIELD_CONFIG)).toBe(true);
    expect(isShippable({ ...boston, zip: '' }, DEFAULT_ADDRESS_FIELD_CONFIG)).toBe(false);
    const express = addressFieldConfigSchema.parse({
      address2: { required: true, maxLength: 40 },
      zip: { required: false },
    });
    expect(isShippable({ ...boston, zip: '', address2: 'Dock B' }, express)).toBe(true);
    expect(isShippable(boston, express)).toBe(false);
  });

  it('needs a country, and a state for an account address or one in the US; not for a location abroad', () => {
    const london = { ...boston, city: 'London', state: '', zip: 'SW1A 1AA', country: 'GB' };
    expect(isShippable(london, DEFAULT_ADDRESS_FIELD_CONFIG)).toBe(false);
    expect(isShippable({ ...london, locationId: 'l1' }, DEFAULT_ADDRESS_FIELD_CONFIG)).toBe(true);
    expect(isShippable({ ...boston, country: '' }, DEFAULT_ADDRESS_FIELD_CONFIG)).toBe(false);
    expect(isShippable(null, DEFAULT_ADDRESS_FIELD_CONFIG)).toBe(false);
  });
});
