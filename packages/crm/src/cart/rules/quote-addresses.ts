import {
  type AddressParts,
  type AddressType,
  normalisedAddress,
  type QuoteAddress,
} from '@storefront/contracts';
import type { QuoteRow } from '../queries/quotes';

/** The quote's shipping, billing and deliver-to columns as addresses, and back (spec C§3 quote fields). */

/** What saving an address writes onto the quote for its type. */
export interface QuoteAddressValues {
  parts: AddressParts;
  /** The account the address came from; for a guest, the prospect they named, else null. */
  accountId: string | null;
  location: { id: string; name: string } | null;
  contact: { name: string; email: string; phone: string };
}

type QuoteColumns = Partial<Omit<QuoteRow, 'id'>>;

/**
 * The quote's columns for an address of the type. Only the shipping address keeps a location and every type
 * but DeliverTo a contact (spec C§3 quote fields); saving without a location clears the shipping location.
 */
export function quoteAddressColumns(addressType: AddressType, values: QuoteAddressValues): QuoteColumns {
  const { parts, accountId, location, contact } = values;
  switch (addressType) {
    case 'Shipping':
      return {
        shippingAddress: parts.address,
        shippingAddress2: parts.address2,
        shippingCity: parts.city,
        shippingState: parts.state,
        shippingZip: parts.zip,
        shippingCountry: parts.country,
        shipToAccountId: accountId,
        shippingLocationId: location?.id ?? null,
        shippingLocationName: location?.name ?? null,
        shippingContactName: contact.name,
        shippingContactEmail: contact.email,
        shippingContactPhone: contact.phone,
      };
    case 'Billing':
      return {
        billingAddress1: parts.address,
        billingAddress2: parts.address2,
        billingCity: parts.city,
        billingState: parts.state,
        billingZip: parts.zip,
        billingCountry: parts.country,
        billToAccountId: accountId,
        billingContactName: contact.name,
        billingContactEmail: contact.email,
        billingContactPhone: contact.phone,
      };
    case 'DeliverTo':
      return {
        deliverToAddress: parts.address,
        deliverToAddress2: parts.address2,
        deliverToCity: parts.city,
        deliverToState: parts.state,
        deliverToZip: parts.zip,
        deliverToCountry: parts.country,
        deliverToAccountId: accountId,
      };
  }
}

/** The quote's saved address of the type, as getAddressRecords answers it. */
export function quoteAddress(quote: QuoteRow, addressType: AddressType): QuoteAddress {
  const text = (value: string | null) => value ?? '';
  const base = { quoteId: quote.id, addressType };
  switch (addressType) {
    case 'Shipping':
      return {
        ...base,
        accountId: quote.shipToAccountId,
        locationId: quote.shippingLocationId,
        locName: quote.shippingLocationName,
        address: text(quote.shippingAddress),
        address2: text(quote.shippingAddress2),
        city: text(quote.shippingCity),
        state: text(quote.shippingState),
        zip: text(quote.shippingZip),
        country: text(quote.shippingCountry),
        contactName: text(quote.shippingContactName),
        contactEmail: text(quote.shippingContactEmail),
        contactPhone: text(quote.shippingContactPhone),
      };
    case 'Billing':
      return {
        ...base,
        accountId: quote.billToAccountId,
        locationId: null,
        locName: null,
        address: text(quote.billingAddress1),
        address2: text(quote.billingAddress2),
        city: text(quote.billingCity),
        state: text(quote.billingState),
        zip: text(quote.billingZip),
        country: text(quote.billingCountry),
        contactName: text(quote.billingContactName),
        contactEmail: text(quote.billingContactEmail),
        contactPhone: text(quote.billingContactPhone),
      };
    case 'DeliverTo':
      return {
        ...base,
        accountId: quote.deliverToAccountId,
        locationId: null,
        locName: null,
        address: text(quote.deliverToAddress),
        address2: text(quote.deliverToAddress2),
        city: text(quote.deliverToCity),
        state: text(quote.deliverToState),
        zip: text(quote.deliverToZip),
        country: text(quote.deliverToCountry),
        contactName: '',
        contactEmail: '',
        contactPhone: '',
      };
  }
}

/** The quote's billing address as parts, '' for what it lacks. */
export function billingParts(quote: QuoteRow): AddressParts {
  return {
    address: quote.billingAddress1 ?? '',
    address2: quote.billingAddress2 ?? '',
    city: quote.billingCity ?? '',
    state: quote.billingState ?? '',
    zip: quote.billingZip ?? '',
    country: quote.billingCountry ?? '',
  };
}

/** An address as a PDF prints it: the non-empty lines, city line and country. */
export function addressLines(name: string | null, parts: AddressParts): string[] {
  const cityLine = [parts.city, parts.state, parts.zip].filter((part) => part.trim()).join(' ');
  return [name ?? '', parts.address, parts.address2, cityLine, parts.country].filter((line) => line.trim());
}

/** The quote's shipping address as parts, '' for what it lacks. */
export function shippingParts(quote: QuoteRow): AddressParts {
  return {
    address: quote.shippingAddress ?? '',
    address2: quote.shippingAddress2 ?? '',
    city: quote.shippingCity ?? '',
    state: quote.shippingState ?? '',
    zip: quote.shippingZip ?? '',
    country: quote.shippingCountry ?? '',
  };
}

/**
 * Whether a new shipping address goes somewhere else than the quote's: another city, state, postal code or
 * country. Then the rates (and the cold-chain packing) chosen for the old one no longer hold.
 */
export function shipsElsewhere(quote: QuoteRow, parts: AddressParts): boolean {
  const stored = normalisedAddress(shippingParts(quote));
  const sent = normalisedAddress(parts);
  return (['city', 'state', 'zip', 'country'] as const).some(
    (part) => sent[part].toUpperCase() !== stored[part].toUpperCase(),
  );
}
