import states from 'zipcodes/lib/states.js';

/** Countries and their regions as the embedded tax service knows them: the United States and Canada. */

export type Country = 'US' | 'CA';

const COUNTRY_NAMES: Readonly<Record<string, Country>> = {
  us: 'US',
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  ca: 'CA',
  can: 'CA',
  canada: 'CA',
};

/** 'US', 'usa', 'United States' → 'US'; 'CA', 'Canada' → 'CA'; anything else null. */
export function countryOf(name: string): Country | null {
  return COUNTRY_NAMES[name.trim().toLowerCase()] ?? null;
}

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
/** Canada Post: letter digit letter, digit letter digit; D, F, I, O, Q and U are never used, nor W and Z first. */
const CA_POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/i;

/** The country a postal code's format belongs to, for an address that names none. */
export function countryOfPostalCode(postalCode: string): Country | null {
  if (US_ZIP.test(postalCode.trim())) return 'US';
  if (CA_POSTAL_CODE.test(postalCode.trim())) return 'CA';
  return null;
}

/** A US ZIP or ZIP+4 as its five digits, or null when it is not one. */
export function zip5(postalCode: string): string | null {
  return US_ZIP.exec(postalCode.trim())?.[1] ?? null;
}

/** A Canadian postal code written 'A1A 1A1', or null when its format is not Canada Post's. */
export function canadianPostalCode(postalCode: string): string | null {
  const match = CA_POSTAL_CODE.exec(postalCode.trim());
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : null;
}

/** The USPS code of a US state or DC, by code or name in any case ('or', 'Oregon'); null otherwise. */
export function usStateOf(region: string): string | null {
  return regionCode(region, (code) => US_STATE_CODES.has(code));
}

/** The code of a Canadian province or territory, by code or name ('qc', 'Quebec'); null otherwise. */
export function provinceOf(region: string): string | null {
  return regionCode(region, (code) => code in PROVINCES);
}

function regionCode(region: string, accept: (code: string) => boolean): string | null {
  const upper = region.trim().toUpperCase();
  const code = states.abbr[upper] ? upper : states.full[upper];
  return code && accept(code) ? code : null;
}

/** The name of a state or province, upper-case as AvaTax names jurisdictions ('OREGON'). */
export function regionName(code: string): string {
  return states.abbr[code] ?? code;
}

/**
 * Canadian provinces and territories with the first letters of their forward sortation areas, from Canada
 * Post's "Addressing guidelines" (https://www.canadapost-postescanada.ca/cpc/en/support/kb/sending/
 * general-information/canadian-postal-codes); X is shared by the Northwest Territories and Nunavut.
 */
const PROVINCES: Readonly<Record<string, string>> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
};

/** Whether a Canadian postal code can belong to the province (by its first letter). */
export function postalCodeFitsProvince(postalCode: string, province: string): boolean {
  return PROVINCES[province]?.includes(postalCode.charAt(0)) ?? false;
}

/** The province a Canadian postal code's first letter names (the first of two for X). */
export function provinceOfPostalCode(postalCode: string): string | null {
  const letter = postalCode.charAt(0).toUpperCase();
  return Object.keys(PROVINCES).find((province) => PROVINCES[province]?.includes(letter)) ?? null;
}

const US_STATE_CODES: ReadonlySet<string> = new Set(
  Object.keys(states.abbr).filter((code) => !(code in PROVINCES)),
);
