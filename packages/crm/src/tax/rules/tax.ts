import { isTaxCheckCountry } from '@storefront/contracts';

/** When a quote's tax is and is not calculated (spec C§5). */

/** What calculateAvaTax answers while the quote cannot be taxed yet. */
export const TAX_NOT_CALCULATED = 'Tax is calculated once the quote has items and a full shipping address.';

interface AddressParts {
  address?: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

const blank = (value: string | null | undefined): boolean => !value?.trim();

/**
 * The parts of city, state, country and zip an address lacks, as spec C§5 names them. A state is needed in
 * the tax-check countries (US and Canada), whose taxes differ by state and province.
 */
export function missingAddressParts(parts: AddressParts): string[] {
  const needsState = blank(parts.country) || isTaxCheckCountry(parts.country ?? '');
  return [
    blank(parts.city) ? 'city' : null,
    needsState && blank(parts.state) ? 'state' : null,
    blank(parts.country) ? 'country' : null,
    blank(parts.zip) ? 'zip' : null,
  ].filter((part): part is string => part !== null);
}

/** Spec C§5: tax is calculated only for a full shipping address: street, city, zip, country, state where needed. */
export function isShippingAddressComplete(parts: AddressParts): boolean {
  return !blank(parts.address) && missingAddressParts(parts).length === 0;
}
