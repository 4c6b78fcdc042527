import { US } from 'country-region-data';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { z } from 'zod';

/**
 * The checkout address rules of spec C§5, shared by the CRM (which refuses a save that breaks them) and the
 * browser (which shows each message beside its field before sending). Pure: no I/O, same answer on both sides.
 */

export const ADDRESS_TYPES = ['Shipping', 'Billing', 'DeliverTo'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Account: an account's address (or one typed in); the other three act on the account's locations. */
export const ADDRESS_OBJECTS = ['Account', 'Location', 'UpdateLocation', 'DeleteLocation'] as const;
export type AddressObject = (typeof ADDRESS_OBJECTS)[number];

/** ACCOUNT: the account's own addresses; HIERARCHY adds those of its child accounts (spec C§6). */
export const ACCOUNT_SELECTIONS = ['ACCOUNT', 'HIERARCHY'] as const;
export type AccountSelection = (typeof ACCOUNT_SELECTIONS)[number];

/** The texts of spec C§5, word for word. */
export const ADDRESS_MESSAGES = {
  addressRequired: 'Address Line 1 is required',
  address2Required: 'Address Line 2 is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP/Postal Code is required',
  countryRequired: 'Country is required',
  firstNameRequired: 'First Name is required',
  firstNameSpace: 'First Name should not contain space',
  lastNameRequired: 'Last Name is required',
  lastNameSpace: 'Last Name should not contain space',
  phoneRequired: 'Phone is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid Email',
  locationNameRequired: 'Location Name is required',
  enterCountry: 'Please enter Country.',
  enterState: 'Please enter State.',
  validCountry: 'Please enter valid Country.',
  validUsState: 'Please enter valid US State.',
  validBillingAddress: 'Please enter valid Billing Address.',
} as const;

/** C§5's length message, 'Address Line 1 should be less than N characters', for any field; N is the maximum. */
export const tooLong = (label: string, maxLength: number) =>
  `${label} should be less than ${maxLength} characters`;

/** 'Address Line 1 should be less than N characters' (and line 2), N being the configured maximum. */
export const addressTooLong = (line: 'Address Line 1' | 'Address Line 2', maxLength: number) =>
  tooLong(line, maxLength);

/** The fields of the address form, named as the CRM's saveAddress refusals name them. */
export const ADDRESS_FORM_FIELDS = [
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'firstName',
  'lastName',
  'phone',
  'email',
  'locName',
] as const;
export type AddressFormField = (typeof ADDRESS_FORM_FIELDS)[number];

/** What a person typed (or picked) in the address form; a missing value is an empty string. */
export type AddressForm = Record<AddressFormField, string>;

/** The longest value any configuration may allow, and what the CRM's payload schema accepts. */
export const ADDRESS_LINE_LIMIT = 255;

const requiredFlag = z.boolean();
const lineRule = z.object({
  required: requiredFlag,
  /** A longer line is refused with 'Address Line N should be less than {maxLength} characters'. */
  maxLength: z.number().int().min(1).max(ADDRESS_LINE_LIMIT),
});
const fieldRule = z.object({ required: requiredFlag });

/**
 * Which fields the checkout's address block requires and how long its lines may be: the block's
 * configuration (`addressFields`). Fields it leaves out keep their defaults.
 */
export const addressFieldConfigSchema = z.object({
  address: lineRule.default({ required: true, maxLength: ADDRESS_LINE_LIMIT }),
  address2: lineRule.default({ required: false, maxLength: ADDRESS_LINE_LIMIT }),
  city: fieldRule.default({ required: true }),
  // Whether a state is needed follows from the country (C§5); a block may still require it everywhere.
  state: fieldRule.default({ required: false }),
  zip: fieldRule.default({ required: true }),
  country: fieldRule.default({ required: true }),
  firstName: fieldRule.default({ required: true }),
  lastName: fieldRule.default({ required: true }),
  phone: fieldRule.default({ required: false }),
  email: fieldRule.default({ required: true }),
});
export type AddressFieldConfig = z.output<typeof addressFieldConfigSchema>;
export const DEFAULT_ADDRESS_FIELD_CONFIG: AddressFieldConfig = addressFieldConfigSchema.parse({});

/** One broken rule: the form field it belongs to (null: the address as a whole) and its C§5 message. */
export interface AddressIssue {
  field: AddressFormField | null;
  message: string;
}

countries.registerLocale(english);

/** Every English name and alias of a country, upper-cased, to its two-letter code (C§5: names compare upper-case). */
const COUNTRY_BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(countries.getNames('en', { select: 'all' })).flatMap(([code, names]) =>
    names.map((name): [string, string] => [name.toUpperCase(), code]),
  ),
);

const [, , US_REGIONS] = US;
/** US states (and the other subdivisions USPS addresses), by upper-cased code and name, to their code. */
const US_STATE_BY_NAME: ReadonlyMap<string, string> = new Map(
  US_REGIONS.flatMap(([name, code]): [string, string][] => [
    [name.toUpperCase(), code],
    [code.toUpperCase(), code],
  ]),
);

/**
 * The two-letter code of a country value, or null when it names none. Accepted (C§5): two-letter codes,
 * full names compared upper-case, and USA; us, usa and united states all mean the United States.
 */
export function countryCode(value: string): string | null {
  const upper = value.trim().toUpperCase();
  if (upper.length === 2) return countries.isValid(upper) ? upper : null;
  return COUNTRY_BY_NAME.get(upper) ?? null;
}

export function isUnitedStates(country: string): boolean {
  return countryCode(country) === 'US';
}

/** The code of a US state given by code or full name (any case), or null. */
export function usStateCode(value: string): string | null {
  return US_STATE_BY_NAME.get(value.trim().toUpperCase()) ?? null;
}

/** C§5's basic email pattern: text, @, text, dot, text. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blank = (value: string) => value.trim() === '';

/** C§5's rule for a first or last name: its 'is required' message when required and blank, no space inside. */
export function personNameIssue(
  value: string,
  required: boolean,
  messages: { missing: string; space: string },
): string | null {
  if (required && blank(value)) return messages.missing;
  return /\s/.test(value.trim()) ? messages.space : null;
}

/** C§5's rule for an email: 'Email is required' when required and blank, 'Invalid Email' off the pattern. */
export function emailIssue(value: string, required: boolean): string | null {
  if (blank(value)) return required ? ADDRESS_MESSAGES.emailRequired : null;
  return EMAIL.test(value.trim()) ? null : ADDRESS_MESSAGES.invalidEmail;
}

export const FIRST_NAME_MESSAGES = {
  missing: ADDRESS_MESSAGES.firstNameRequired,
  space: ADDRESS_MESSAGES.firstNameSpace,
};
export const LAST_NAME_MESSAGES = {
  missing: ADDRESS_MESSAGES.lastNameRequired,
  space: ADDRESS_MESSAGES.lastNameSpace,
};

const ADDRESS_PARTS = ['address', 'address2', 'city', 'state', 'zip', 'country'] as const;

/** The address a save or a record names: its parts without contact or location name. */
export type AddressParts = Pick<AddressForm, (typeof ADDRESS_PARTS)[number]>;

export interface AddressContext {
  addressType: AddressType;
  addressObject: AddressObject;
  /** True when the form adds a new location (a location name is then required). */
  addingLocation: boolean;
}

/** Required fields and line lengths, as the block configures them. */
function configuredFieldIssues(
  form: AddressForm,
  config: AddressFieldConfig,
  contact: boolean,
): AddressIssue[] {
  const issues: AddressIssue[] = [];
  const required = (field: keyof AddressFieldConfig & AddressFormField, message: string) => {
    if (config[field].required && blank(form[field])) issues.push({ field, message });
  };
  required('address', ADDRESS_MESSAGES.addressRequired);
  if (form.address.trim().length > config.address.maxLength) {
    issues.push({ field: 'address', message: addressTooLong('Address Line 1', config.address.maxLength) });
  }
  required('address2', ADDRESS_MESSAGES.address2Required);
  if (form.address2.trim().length > config.address2.maxLength) {
    issues.push({ field: 'address2', message: addressTooLong('Address Line 2', config.address2.maxLength) });
  }
  required('city', ADDRESS_MESSAGES.cityRequired);
  required('state', ADDRESS_MESSAGES.stateRequired);
  required('zip', ADDRESS_MESSAGES.zipRequired);
  required('country', ADDRESS_MESSAGES.countryRequired);
  if (!contact) return issues;
  const add = (field: AddressFormField, message: string | null) => {
    if (message) issues.push({ field, message });
  };
  add('firstName', personNameIssue(form.firstName, config.firstName.required, FIRST_NAME_MESSAGES));
  add('lastName', personNameIssue(form.lastName, config.lastName.required, LAST_NAME_MESSAGES));
  required('phone', ADDRESS_MESSAGES.phoneRequired);
  add('email', emailIssue(form.email, config.email.required));
  return issues;
}

/** A country or US state that is given must be a real one, whatever the address is for. */
function countryAndStateIssues(parts: AddressParts): AddressIssue[] {
  if (blank(parts.country)) return [];
  if (countryCode(parts.country) === null) {
    return [{ field: 'country', message: ADDRESS_MESSAGES.validCountry }];
  }
  if (isUnitedStates(parts.country) && !blank(parts.state) && usStateCode(parts.state) === null) {
    return [{ field: 'state', message: ADDRESS_MESSAGES.validUsState }];
  }
  return [];
}

/**
 * The "address to use" rules (C§5): whether an address can serve its purpose at all. A shipping or deliver-to
 * address needs a country, and a state when it is an account's address or lies in the US (United States:
 * us, usa, united states); a billing address needs at least one part.
 */
export function addressToUseIssue(
  parts: AddressParts,
  addressType: AddressType,
  addressObject: AddressObject,
): AddressIssue | null {
  if (addressType === 'Billing') {
    const anyPart = ADDRESS_PARTS.some((part) => !blank(parts[part]));
    return anyPart ? null : { field: null, message: ADDRESS_MESSAGES.validBillingAddress };
  }
  if (blank(parts.country)) return { field: 'country', message: ADDRESS_MESSAGES.enterCountry };
  const needsState = addressObject === 'Account' || isUnitedStates(parts.country);
  if (needsState && blank(parts.state)) return { field: 'state', message: ADDRESS_MESSAGES.enterState };
  return null;
}

/**
 * Whether the quote's saved shipping address completes the address step: every part the block's configuration
 * requires is there, a given country or US state is a real one, and the address-to-use rule holds (C§5).
 * Contact fields are not asked of an address already saved. Null: it does; else the first rule it breaks.
 */
export function shippingAddressIssue(
  parts: AddressParts,
  addressObject: AddressObject,
  config: AddressFieldConfig = DEFAULT_ADDRESS_FIELD_CONFIG,
): AddressIssue | null {
  const [issue] = [
    ...configuredFieldIssues({ ...parts, ...NO_CONTACT }, config, false),
    ...countryAndStateIssues(parts),
  ];
  return issue ?? addressToUseIssue(parts, 'Shipping', addressObject);
}

const NO_CONTACT = { firstName: '', lastName: '', phone: '', email: '', locName: '' } as const;

/** Whether a stored address (an account's or a location's) may be used for the address type as it is. */
export function isAddressToUse(
  parts: AddressParts,
  addressType: AddressType,
  addressObject: AddressObject,
): boolean {
  return (
    addressToUseIssue(parts, addressType, addressObject) === null && countryAndStateIssues(parts).length === 0
  );
}

/**
 * Every rule of C§5 the form breaks, in the order of the form's fields, at most one per field: configured
 * required fields and lengths; names, phone and email for types other than DeliverTo; a location name when
 * adding a location; the country and state; the address-to-use rule. Empty: the address may be saved.
 */
export function validateAddress(
  form: AddressForm,
  context: AddressContext,
  config: AddressFieldConfig = DEFAULT_ADDRESS_FIELD_CONFIG,
): AddressIssue[] {
  const issues = configuredFieldIssues(form, config, context.addressType !== 'DeliverTo');
  if (context.addingLocation && blank(form.locName)) {
    issues.push({ field: 'locName', message: ADDRESS_MESSAGES.locationNameRequired });
  }
  issues.push(...countryAndStateIssues(form));
  const toUse = addressToUseIssue(form, context.addressType, context.addressObject);
  if (toUse) issues.push(toUse);
  const seen = new Set<AddressFormField | null>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}

/** The one value a form field holds, trimmed; a country and a US state in their two-letter codes. */
export function normalisedAddress(parts: AddressParts): AddressParts {
  const trimmed = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, parts[part].trim()])) as AddressParts;
  const country = countryCode(trimmed.country) ?? trimmed.country;
  const state = country === 'US' ? (usStateCode(trimmed.state) ?? trimmed.state) : trimmed.state;
  return { ...trimmed, country, state };
}

/** The quote's contact name for a first and last name (names hold no spaces, so it splits back unambiguously). */
export function contactName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}

/** The first and last name of a contact name: the first word, and the rest. */
export function splitContactName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/**
 * The billing auto-save of C§4: when the quote has no billing address, the billing object is Account and no
 * account selection is set, the first billing account record is saved as the quote's billing address.
 * Answers that record, or null when nothing is to be saved.
 */
export function billingAddressToAutoSave<R extends { isBilling: boolean }>(input: {
  quoteBilling: AddressParts | null;
  billingObject: AddressObject;
  accountSelection: AccountSelection | null | undefined;
  lstAccount: readonly R[];
}): R | null {
  const { quoteBilling, billingObject, accountSelection, lstAccount } = input;
  const hasBilling = quoteBilling !== null && ADDRESS_PARTS.some((part) => !blank(quoteBilling[part]));
  if (hasBilling || billingObject !== 'Account' || accountSelection) return null;
  return lstAccount.find((record) => record.isBilling) ?? null;
}
