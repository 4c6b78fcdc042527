import {
  ADDRESS_FORM_FIELDS,
  type AddressForm,
  type AddressFormField,
  type AddressParts,
  splitContactName,
} from '@storefront/contracts/address-rules';
import type { AddressRecord, QuoteAddress } from '@storefront/contracts/crm-addresses';

export const EMPTY_ADDRESS: AddressForm = Object.fromEntries(
  ADDRESS_FORM_FIELDS.map((field) => [field, '']),
) as AddressForm;

/** The form as the quote's saved address fills it. */
export function formOfQuoteAddress(address: QuoteAddress | null): AddressForm {
  if (!address) return EMPTY_ADDRESS;
  const { firstName, lastName } = splitContactName(address.contactName);
  return {
    ...EMPTY_ADDRESS,
    address: address.address,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country,
    firstName,
    lastName,
    email: address.contactEmail,
    phone: address.contactPhone,
    locName: address.locName ?? '',
  };
}

/** The form as an address of the book fills it. */
export function formOfRecord(record: AddressRecord): AddressForm {
  return Object.fromEntries(ADDRESS_FORM_FIELDS.map((field) => [field, record[field] ?? ''])) as AddressForm;
}

/** Where a picked record is saved from: its account, and its location when it is one. */
export function sourceOfRecord(record: AddressRecord): Record<string, string> {
  return {
    addressObject: record.addressObject,
    locationId: record.locationId ?? '',
    parentAccount: record.accountId,
  };
}

/** The form's values as fields of a write, with a prefix for the billing form. */
export function prefixed(form: AddressForm, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(form).map(([field, value]) => [`${prefix}${field}`, value]));
}

export type AddressErrors = Partial<Record<AddressFormField, string>>;

/** An address on one line, its given parts only. */
export function addressLine(parts: AddressParts): string {
  return [parts.address, parts.address2, parts.city, parts.state, parts.zip, parts.country]
    .filter(Boolean)
    .join(', ');
}
