import type {
  AddressInfo,
  AddressResolutionModel,
  AddressValidationInfo,
  AvaTaxMessage,
} from '@storefront/contracts';
import {
  type Country,
  canadianPostalCode,
  countryOf,
  countryOfPostalCode,
  postalCodeFitsProvince,
  provinceOf,
  provinceOfPostalCode,
  usStateOf,
  zip5,
} from './regions';
import { coordinatesOfArea, firstPlaceOfCity, placeOfZip } from './zip-places';

/**
 * Address resolution of the embedded tax service: US addresses against the USPS city and state of their
 * ZIP code (the `zipcodes` data set), Canadian ones against Canada Post's postal code format and the
 * province its first letter names. A disagreement is a message (the address is invalid) with the address
 * the data set suggests; a missing city, state or code is filled in from the rest when the data allows.
 */

const SOURCE = 'Avalara.AvaTax.Services.Address';

function message(summary: string, details: string, refersTo: string): AvaTaxMessage {
  return { summary, details, refersTo, severity: 'Error', source: SOURCE };
}

const text = (value: string | undefined): string => value?.trim() ?? '';

/** What was asked, as AvaTax echoes it in `address`. */
function echo(info: AddressValidationInfo): AddressInfo {
  return {
    line1: text(info.line1),
    line2: text(info.line2),
    line3: text(info.line3),
    city: text(info.city),
    region: text(info.region),
    country: text(info.country),
    postalCode: text(info.postalCode),
  };
}

function unresolved(address: AddressInfo, messages: AvaTaxMessage[]): AddressResolutionModel {
  return { address, validatedAddresses: [], coordinates: null, resolutionQuality: 'NotCoded', messages };
}

function resolved(
  address: AddressInfo,
  validated: AddressInfo,
  coordinates: { latitude: number; longitude: number } | null,
  messages: AvaTaxMessage[],
): AddressResolutionModel {
  return {
    address,
    validatedAddresses: [{ ...validated, ...coordinates }],
    coordinates,
    resolutionQuality: coordinates ? 'PostalCentroidGood' : 'RegionCentroid',
    messages,
  };
}

/** The street lines as a validated address carries them: upper case, as USPS and Canada Post write them. */
function streetLines(address: AddressInfo): Pick<AddressInfo, 'line1' | 'line2' | 'line3'> {
  return {
    line1: address.line1?.toUpperCase() ?? '',
    line2: address.line2?.toUpperCase() ?? '',
    line3: address.line3?.toUpperCase() ?? '',
  };
}

export function resolveAddress(info: AddressValidationInfo): AddressResolutionModel {
  const address = echo(info);
  const country: Country | null = address.country
    ? countryOf(address.country ?? '')
    : countryOfPostalCode(address.postalCode ?? '');
  if (country === 'US') return resolveUs(address);
  if (country === 'CA') return resolveCanadian(address);
  if (!address.country) {
    return unresolved(address, [
      message('The country is missing.', 'Name the country of the address.', 'Address.Country'),
    ]);
  }
  return unresolved(address, [
    message(
      'Address not validated: this country is not supported.',
      `Addresses are validated in the United States and Canada only, not in '${address.country}'.`,
      'Address.Country',
    ),
  ]);
}

function resolveUs(address: AddressInfo): AddressResolutionModel {
  const givenState = address.region ? usStateOf(address.region) : null;
  if (address.region && !givenState) {
    return unresolved(address, [
      message('The region is not a US state.', `'${address.region}' is not a US state.`, 'Address.Region'),
    ]);
  }
  const zip = address.postalCode ? zip5(address.postalCode) : null;
  if (address.postalCode && !zip) {
    return unresolved(address, [
      message(
        'The postal code is not a US ZIP code.',
        `'${address.postalCode}' is not a ZIP code: five digits, or ZIP+4.`,
        'Address.PostalCode',
      ),
    ]);
  }
  const place = zip ? placeOfZip(zip) : findByCity(address.city ?? '', givenState);
  if (!place) {
    return unresolved(address, [
      zip
        ? message(
            'The postal code was not found.',
            `ZIP code ${zip} is not a known US ZIP code.`,
            'Address.PostalCode',
          )
        : message(
            'The address could not be located.',
            'Give a ZIP code, or a city and state the ZIP data knows.',
            'Address',
          ),
    ]);
  }
  const validated: AddressInfo = {
    ...streetLines(address),
    city: place.city.toUpperCase(),
    region: place.state,
    country: 'US',
    postalCode: address.postalCode && zip ? address.postalCode : place.zip,
  };
  const messages: AvaTaxMessage[] = [];
  if (givenState && givenState !== place.state) {
    messages.push(
      message(
        'The postal code does not match the region.',
        `ZIP code ${place.zip} is in ${place.state} (${place.city}), not ${givenState}.`,
        'Address.Region',
      ),
    );
  } else if (address.city && address.city.toUpperCase() !== validated.city) {
    messages.push(
      message(
        'The city does not match the postal code.',
        `ZIP code ${place.zip} is ${place.city}, ${place.state}, not ${address.city}.`,
        'Address.City',
      ),
    );
  }
  return resolved(address, validated, { latitude: place.latitude, longitude: place.longitude }, messages);
}

/** The first ZIP code of a city in a state, for an address without one. */
function findByCity(city: string, state: string | null) {
  if (!city || !state) return undefined;
  return firstPlaceOfCity(city, state);
}

function resolveCanadian(address: AddressInfo): AddressResolutionModel {
  const givenProvince = address.region ? provinceOf(address.region) : null;
  if (address.region && !givenProvince) {
    return unresolved(address, [
      message(
        'The region is not a Canadian province or territory.',
        `'${address.region}' is not a Canadian province or territory.`,
        'Address.Region',
      ),
    ]);
  }
  if (!address.postalCode) {
    return unresolved(address, [
      message('The postal code is missing.', 'Canadian addresses need a postal code.', 'Address.PostalCode'),
    ]);
  }
  const postalCode = canadianPostalCode(address.postalCode);
  if (!postalCode) {
    return unresolved(address, [
      message(
        'The postal code is not a Canadian postal code.',
        `'${address.postalCode}' is not written as Canada Post's A1A 1A1.`,
        'Address.PostalCode',
      ),
    ]);
  }
  const fits = givenProvince !== null && postalCodeFitsProvince(postalCode, givenProvince);
  const province = fits ? givenProvince : provinceOfPostalCode(postalCode);
  const validated: AddressInfo = {
    ...streetLines(address),
    city: address.city?.toUpperCase() ?? '',
    region: province ?? '',
    country: 'CA',
    postalCode,
  };
  const messages =
    givenProvince && !fits
      ? [
          message(
            'The postal code does not match the region.',
            `Postal code ${postalCode} is not in ${givenProvince}: codes there start with another letter.`,
            'Address.Region',
          ),
        ]
      : [];
  // The data set places a Canadian forward sortation area (the code's first three characters).
  const coordinates = coordinatesOfArea(postalCode.slice(0, 3)) ?? null;
  return resolved(address, validated, coordinates, messages);
}
