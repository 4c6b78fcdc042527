import {
  type AddressParts,
  type AddressRecord,
  type AddressType,
  normalisedAddress,
} from '@storefront/contracts';
import type { AccountRow } from '../../core/accounts';
import type { LocationRow } from '../queries/addresses';

/** How the checkout's address records and the quote's address columns map onto each other (spec C§3). */

const NO_CONTACT = { firstName: '', lastName: '', phone: '', email: '' };

/**
 * An account's own address for the type: its billing address for Billing, its shipping address otherwise;
 * null when the account holds none of it.
 */
export function accountAddressRecord(
  account: AccountRow,
  addressType: AddressType,
  isChild: boolean,
): AddressRecord | null {
  const billing = addressType === 'Billing';
  const parts: AddressParts = billing
    ? {
        address: account.billingStreet ?? '',
        address2: '',
        city: account.billingCity ?? '',
        state: account.billingState ?? '',
        zip: account.billingPostalCode ?? '',
        country: account.billingCountry ?? '',
      }
    : {
        address: account.shippingStreet ?? '',
        address2: '',
        city: account.shippingCity ?? '',
        state: account.shippingState ?? '',
        zip: account.shippingPostalCode ?? '',
        country: account.shippingCountry ?? '',
      };
  if (Object.values(parts).every((part) => part === '')) return null;
  return {
    id: account.id,
    accountId: account.id,
    locationId: null,
    name: account.name,
    locName: null,
    ...parts,
    ...NO_CONTACT,
    addressType,
    addressObject: 'Account',
    isBilling: billing,
    isChild,
    isIBAddress: false,
  };
}

export function locationRecord(
  location: LocationRow,
  accountName: string,
  addressType: AddressType,
  isChild: boolean,
): AddressRecord {
  return {
    id: location.id,
    accountId: location.accountId,
    locationId: location.id,
    name: accountName,
    locName: location.name,
    ...locationParts(location),
    // The address book's contact for the location (empty for one added at checkout).
    firstName: location.firstName,
    lastName: location.lastName,
    phone: location.phone,
    email: location.email,
    addressType,
    addressObject: 'Location',
    isBilling: addressType === 'Billing',
    isChild,
    isIBAddress: false,
  };
}

function locationParts(location: LocationRow): AddressParts {
  const { address, address2, city, state, zip, country } = location;
  return { address, address2, city, state, zip, country };
}

/**
 * Whether the address sent with a picked location differs from the location itself, compared as the CRM
 * would store them (trimmed, country and US state as codes): then it is an address edited for this quote.
 */
export function isEditedLocation(location: LocationRow, parts: AddressParts): boolean {
  const sent = normalisedAddress(parts);
  const stored = normalisedAddress(locationParts(location));
  return (Object.keys(sent) as (keyof AddressParts)[]).some((part) => sent[part] !== stored[part]);
}
