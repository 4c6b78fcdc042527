import { describe, expect, it } from 'vitest';
import {
  type AddressContext,
  type AddressFieldConfig,
  type AddressForm,
  addressFieldConfigSchema,
  billingAddressToAutoSave,
  contactName,
  countryCode,
  isAddressToUse,
  normalisedAddress,
  splitContactName,
  usStateCode,
  validateAddress,
} from '../src/address-rules';

const BOSTON: AddressForm = {
  address: '1210 Longwood Avenue',
  address2: '',
  city: 'Boston',
  state: 'MA',
  zip: '02115',
  country: 'US',
  firstName: 'Ana',
  lastName: 'Lima',
  phone: '',
  email: 'ana.lima@halvorsen.example',
  locName: '',
};
const SHIPPING_ACCOUNT: AddressContext = {
  addressType: 'Shipping',
  addressObject: 'Account',
  addingLocation: false,
};
const SHIPPING_LOCATION: AddressContext = { ...SHIPPING_ACCOUNT, addressObject: 'Location' };
const NEW_LOCATION: AddressContext = { ...SHIPPING_LOCATION, addingLocation: true };
const BILLING: AddressContext = { ...SHIPPING_ACCOUNT, addressType: 'Billing' };
const DELIVER_TO: AddressContext = { ...SHIPPING_LOCATION, addressType: 'DeliverTo' };

/** Every field the block may require, required, with short lines. */
const STRICT: AddressFieldConfig = addressFieldConfigSchema.parse({
  address: { required: true, maxLength: 40 },
  address2: { required: true, maxLength: 20 },
  state: { required: true },
  phone: { required: true },
});

/** The first message validateAddress gives, with its field. */
function firstIssue(form: Partial<AddressForm>, context: AddressContext, config?: AddressFieldConfig) {
  return validateAddress({ ...BOSTON, ...form }, context, config)[0] ?? null;
}

describe('validateAddress: every message of spec C§5', () => {
  it.each<
    [string, Partial<AddressForm>, AddressContext, AddressFieldConfig | undefined, string, string | null]
  >([
    [
      'line 1 missing',
      { address: ' ' },
      SHIPPING_ACCOUNT,
      undefined,
      'Address Line 1 is required',
      'address',
    ],
    [
      'line 2 missing, required',
      { address2: '' },
      SHIPPING_ACCOUNT,
      STRICT,
      'Address Line 2 is required',
      'address2',
    ],
    ['city missing', { city: '' }, SHIPPING_ACCOUNT, undefined, 'City is required', 'city'],
    [
      'state missing, required',
      { state: '', address2: 'Dock B' },
      SHIPPING_ACCOUNT,
      STRICT,
      'State is required',
      'state',
    ],
    ['zip missing', { zip: '' }, SHIPPING_ACCOUNT, undefined, 'ZIP/Postal Code is required', 'zip'],
    [
      'country missing, required',
      { country: '' },
      SHIPPING_ACCOUNT,
      undefined,
      'Country is required',
      'country',
    ],
    [
      'line 1 too long',
      { address: 'x'.repeat(41), address2: 'Dock B' },
      SHIPPING_ACCOUNT,
      STRICT,
      'Address Line 1 should be less than 40 characters',
      'address',
    ],
    [
      'line 2 too long',
      { address2: 'y'.repeat(21) },
      SHIPPING_ACCOUNT,
      STRICT,
      'Address Line 2 should be less than 20 characters',
      'address2',
    ],
    [
      'first name missing',
      { firstName: '' },
      SHIPPING_ACCOUNT,
      undefined,
      'First Name is required',
      'firstName',
    ],
    [
      'first name with a space',
      { firstName: 'Ana Maria' },
      SHIPPING_ACCOUNT,
      undefined,
      'First Name should not contain space',
      'firstName',
    ],
    ['last name missing', { lastName: '' }, BILLING, undefined, 'Last Name is required', 'lastName'],
    [
      'last name with a space',
      { lastName: 'da Silva' },
      BILLING,
      undefined,
      'Last Name should not contain space',
      'lastName',
    ],
    [
      'phone missing, required',
      { address2: 'Dock B' },
      SHIPPING_ACCOUNT,
      STRICT,
      'Phone is required',
      'phone',
    ],
    ['email missing', { email: '' }, SHIPPING_ACCOUNT, undefined, 'Email is required', 'email'],
    [
      'email without a dot after @',
      { email: 'ana@halvorsen' },
      SHIPPING_ACCOUNT,
      undefined,
      'Invalid Email',
      'email',
    ],
    ['email without @', { email: 'ana.halvorsen.example' }, BILLING, undefined, 'Invalid Email', 'email'],
    [
      'new location without a name',
      { locName: '' },
      NEW_LOCATION,
      undefined,
      'Location Name is required',
      'locName',
    ],
    [
      'no country, not required by the block',
      { country: '' },
      SHIPPING_LOCATION,
      addressFieldConfigSchema.parse({ country: { required: false } }),
      'Please enter Country.',
      'country',
    ],
    ['US without a state', { state: '' }, SHIPPING_LOCATION, undefined, 'Please enter State.', 'state'],
    [
      'usa without a state',
      { state: '', country: 'usa' },
      DELIVER_TO,
      undefined,
      'Please enter State.',
      'state',
    ],
    [
      'united states without a state',
      { state: '', country: 'united states' },
      SHIPPING_LOCATION,
      undefined,
      'Please enter State.',
      'state',
    ],
    [
      'an account address abroad without a state',
      { state: '', country: 'DE' },
      SHIPPING_ACCOUNT,
      undefined,
      'Please enter State.',
      'state',
    ],
    [
      'an unknown country',
      { country: 'Atlantis' },
      SHIPPING_ACCOUNT,
      undefined,
      'Please enter valid Country.',
      'country',
    ],
    [
      'an unknown two-letter code',
      { country: 'QQ' },
      SHIPPING_ACCOUNT,
      undefined,
      'Please enter valid Country.',
      'country',
    ],
    [
      'a Canadian province as a US state',
      { state: 'ON' },
      SHIPPING_ACCOUNT,
      undefined,
      'Please enter valid US State.',
      'state',
    ],
    [
      'a made-up US state',
      { state: 'Lincoln' },
      SHIPPING_LOCATION,
      undefined,
      'Please enter valid US State.',
      'state',
    ],
    [
      'a billing address with no part at all',
      { address: '', address2: '', city: '', state: '', zip: '', country: '' },
      BILLING,
      addressFieldConfigSchema.parse({
        address: { required: false, maxLength: 255 },
        city: { required: false },
        zip: { required: false },
        country: { required: false },
      }),
      'Please enter valid Billing Address.',
      null,
    ],
  ])('%s', (_name, form, context, config, message, field) => {
    expect(firstIssue(form, context, config)).toEqual({ field, message });
  });

  it('accepts a complete address, and line lengths at the configured maximum', () => {
    expect(validateAddress(BOSTON, SHIPPING_ACCOUNT)).toEqual([]);
    expect(
      validateAddress(
        { ...BOSTON, address: 'x'.repeat(40), address2: 'y'.repeat(20), phone: '617 555 0100' },
        SHIPPING_ACCOUNT,
        STRICT,
      ),
    ).toEqual([]);
  });

  it('asks no contact of a DeliverTo address', () => {
    const noContact = { ...BOSTON, firstName: '', lastName: 'de la Cruz', email: 'nope' };
    expect(validateAddress(noContact, DELIVER_TO)).toEqual([]);
    expect(validateAddress(noContact, SHIPPING_LOCATION).map((issue) => issue.field)).toEqual([
      'firstName',
      'lastName',
      'email',
    ]);
  });

  it('gives one message per field, all fields at once, in the order of the form', () => {
    const empty = {
      ...BOSTON,
      address: '',
      city: '',
      state: '',
      zip: '',
      country: '',
      firstName: '',
      email: '',
    };
    expect(validateAddress(empty, SHIPPING_ACCOUNT)).toEqual([
      { field: 'address', message: 'Address Line 1 is required' },
      { field: 'city', message: 'City is required' },
      { field: 'zip', message: 'ZIP/Postal Code is required' },
      { field: 'country', message: 'Country is required' },
      { field: 'firstName', message: 'First Name is required' },
      { field: 'email', message: 'Email is required' },
    ]);
  });

  it('takes a location abroad with a country only, and a Canadian address with its province', () => {
    const munich = { ...BOSTON, city: 'Planegg-Martinsried', state: '', zip: '82152', country: 'Germany' };
    expect(validateAddress(munich, SHIPPING_LOCATION)).toEqual([]);
    const toronto = { ...BOSTON, city: 'Toronto', state: 'ON', zip: 'M5G 1M1', country: 'CANADA' };
    expect(validateAddress(toronto, SHIPPING_ACCOUNT)).toEqual([]);
  });
});

describe('countries and US states', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    ['USA', 'US'],
    ['usa', 'US'],
    ['United States', 'US'],
    ['united states', 'US'],
    ['UNITED STATES OF AMERICA', 'US'],
    ['ca', 'CA'],
    ['Canada', 'CA'],
    ['germany', 'DE'],
    ['DE', 'DE'],
    [' United Kingdom ', 'GB'],
    ['Atlantis', null],
    ['QQ', null],
    ['DEU', null],
    ['', null],
  ])('country %j is %j', (value, code) => {
    expect(countryCode(value)).toBe(code);
  });

  it.each([
    ['MA', 'MA'],
    ['ma', 'MA'],
    ['Massachusetts', 'MA'],
    ['NEW YORK', 'NY'],
    ['District of Columbia', 'DC'],
    ['ON', null],
    ['Ontario', null],
  ])('US state %j is %j', (value, code) => {
    expect(usStateCode(value)).toBe(code);
  });

  it('stores countries and US states as codes, other regions as typed', () => {
    expect(
      normalisedAddress({
        address: ' 1 Main St ',
        address2: '',
        city: 'Boston',
        state: 'massachusetts',
        zip: '02115',
        country: 'usa',
      }),
    ).toEqual({
      address: '1 Main St',
      address2: '',
      city: 'Boston',
      state: 'MA',
      zip: '02115',
      country: 'US',
    });
    expect(
      normalisedAddress({
        address: 'Am Klopferspitz 23',
        address2: '',
        city: 'Planegg',
        state: 'Bayern',
        zip: '82152',
        country: 'germany',
      }),
    ).toMatchObject({ state: 'Bayern', country: 'DE' });
  });
});

describe('the address to use (C§5)', () => {
  const parts = { address: '', address2: '', city: '', state: '', zip: '', country: '' };
  it.each<
    [string, Partial<typeof parts>, AddressContext['addressType'], AddressContext['addressObject'], boolean]
  >([
    [
      'an account shipping address with country and state',
      { country: 'DE', state: 'BY' },
      'Shipping',
      'Account',
      true,
    ],
    [
      'an account shipping address without a state, even abroad',
      { country: 'DE' },
      'Shipping',
      'Account',
      false,
    ],
    ['an account shipping address without a country', { state: 'MA' }, 'Shipping', 'Account', false],
    ['a US location without a state', { country: 'United States' }, 'Shipping', 'Location', false],
    ['a US location with a state', { country: 'US', state: 'CA' }, 'Shipping', 'Location', true],
    ['a location abroad with a country only', { country: 'DE' }, 'Shipping', 'Location', true],
    ['a billing account with only a city', { city: 'Boston' }, 'Billing', 'Account', true],
    ['a billing location with nothing', {}, 'Billing', 'Location', false],
  ])('%s: %s', (_name, given, addressType, addressObject, usable) => {
    expect(isAddressToUse({ ...parts, ...given }, addressType, addressObject)).toBe(usable);
  });
});

describe('billingAddressToAutoSave (C§4)', () => {
  const account = { id: 'acc-1', isBilling: true };
  const noBilling = { address: '', address2: '', city: '', state: '', zip: '', country: '' };
  const base = {
    quoteBilling: noBilling,
    billingObject: 'Account' as const,
    accountSelection: undefined,
    lstAccount: [{ id: 'shipping', isBilling: false }, account],
  };
  it.each([
    ['saves the first billing account record when the quote has none', base, account],
    ['the same when the quote was never given one', { ...base, quoteBilling: null }, account],
    [
      'not when the quote has a billing address',
      { ...base, quoteBilling: { ...noBilling, city: 'Boston' } },
      null,
    ],
    ['not when the billing object is a location', { ...base, billingObject: 'Location' as const }, null],
    ['not when an account selection is set', { ...base, accountSelection: 'HIERARCHY' as const }, null],
    ['not without a billing account record', { ...base, lstAccount: [] }, null],
  ])('%s', (_name, input, expected) => {
    expect(billingAddressToAutoSave(input)).toEqual(expected);
  });
});

describe('contact names', () => {
  it('joins first and last name, and splits them back at the first space', () => {
    expect(contactName(' Ana ', 'Lima')).toBe('Ana Lima');
    expect(contactName('', 'Lima')).toBe('Lima');
    expect(splitContactName('Ana Lima')).toEqual({ firstName: 'Ana', lastName: 'Lima' });
    expect(splitContactName('Ana Maria Lima')).toEqual({ firstName: 'Ana', lastName: 'Maria Lima' });
    expect(splitContactName('Ana')).toEqual({ firstName: 'Ana', lastName: '' });
  });
});
