import { countryCode } from '@storefront/contracts';

/**
 * Rate zones, seen from the one warehouse every order ships from (Boston, Massachusetts): four US bands by the
 * destination's census region, Canada, Europe and the rest of the world.
 */
export const ZONES = ['US1', 'US2', 'US3', 'US4', 'CA', 'EU', 'ROW'] as const;
export type Zone = (typeof ZONES)[number];

/**
 * US states, DC and territories by rate band from Boston: US1 the Northeast census region, US2 the Midwest
 * and South, US3 the West, US4 what no truck reaches (Alaska, Hawaii, the territories).
 */
const US_BANDS: Record<string, { name: string; zone: Zone }> = {
  CT: { name: 'CONNECTICUT', zone: 'US1' },
  ME: { name: 'MAINE', zone: 'US1' },
  MA: { name: 'MASSACHUSETTS', zone: 'US1' },
  NH: { name: 'NEW HAMPSHIRE', zone: 'US1' },
  RI: { name: 'RHODE ISLAND', zone: 'US1' },
  VT: { name: 'VERMONT', zone: 'US1' },
  NJ: { name: 'NEW JERSEY', zone: 'US1' },
  NY: { name: 'NEW YORK', zone: 'US1' },
  PA: { name: 'PENNSYLVANIA', zone: 'US1' },
  IL: { name: 'ILLINOIS', zone: 'US2' },
  IN: { name: 'INDIANA', zone: 'US2' },
  MI: { name: 'MICHIGAN', zone: 'US2' },
  OH: { name: 'OHIO', zone: 'US2' },
  WI: { name: 'WISCONSIN', zone: 'US2' },
  IA: { name: 'IOWA', zone: 'US2' },
  KS: { name: 'KANSAS', zone: 'US2' },
  MN: { name: 'MINNESOTA', zone: 'US2' },
  MO: { name: 'MISSOURI', zone: 'US2' },
  NE: { name: 'NEBRASKA', zone: 'US2' },
  ND: { name: 'NORTH DAKOTA', zone: 'US2' },
  SD: { name: 'SOUTH DAKOTA', zone: 'US2' },
  DE: { name: 'DELAWARE', zone: 'US2' },
  DC: { name: 'DISTRICT OF COLUMBIA', zone: 'US2' },
  FL: { name: 'FLORIDA', zone: 'US2' },
  GA: { name: 'GEORGIA', zone: 'US2' },
  MD: { name: 'MARYLAND', zone: 'US2' },
  NC: { name: 'NORTH CAROLINA', zone: 'US2' },
  SC: { name: 'SOUTH CAROLINA', zone: 'US2' },
  VA: { name: 'VIRGINIA', zone: 'US2' },
  WV: { name: 'WEST VIRGINIA', zone: 'US2' },
  AL: { name: 'ALABAMA', zone: 'US2' },
  KY: { name: 'KENTUCKY', zone: 'US2' },
  MS: { name: 'MISSISSIPPI', zone: 'US2' },
  TN: { name: 'TENNESSEE', zone: 'US2' },
  AR: { name: 'ARKANSAS', zone: 'US2' },
  LA: { name: 'LOUISIANA', zone: 'US2' },
  OK: { name: 'OKLAHOMA', zone: 'US2' },
  TX: { name: 'TEXAS', zone: 'US2' },
  AZ: { name: 'ARIZONA', zone: 'US3' },
  CO: { name: 'COLORADO', zone: 'US3' },
  ID: { name: 'IDAHO', zone: 'US3' },
  MT: { name: 'MONTANA', zone: 'US3' },
  NV: { name: 'NEVADA', zone: 'US3' },
  NM: { name: 'NEW MEXICO', zone: 'US3' },
  UT: { name: 'UTAH', zone: 'US3' },
  WY: { name: 'WYOMING', zone: 'US3' },
  CA: { name: 'CALIFORNIA', zone: 'US3' },
  OR: { name: 'OREGON', zone: 'US3' },
  WA: { name: 'WASHINGTON', zone: 'US3' },
  AK: { name: 'ALASKA', zone: 'US4' },
  HI: { name: 'HAWAII', zone: 'US4' },
  PR: { name: 'PUERTO RICO', zone: 'US4' },
  GU: { name: 'GUAM', zone: 'US4' },
  VI: { name: 'VIRGIN ISLANDS', zone: 'US4' },
  AS: { name: 'AMERICAN SAMOA', zone: 'US4' },
  MP: { name: 'NORTHERN MARIANA ISLANDS', zone: 'US4' },
};

/** The EU, the EEA, Switzerland, the United Kingdom and the European microstates: one zone for the carriers. */
const EUROPE = new Set(
  [
    'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE',
    'IS LI NO CH GB AD MC SM VA',
  ]
    .join(' ')
    .split(' '),
);

/** Countries whose addresses need a state or province before a carrier will rate them. */
const STATE_REQUIRED = new Set(['US', 'CA']);

/** Where a quote ships to, as far as rates are concerned. */
export type Destination =
  | { ok: true; country: string; zone: Zone }
  | { ok: false; missing: 'country' | 'state' | 'validCountry' };

/**
 * The zone of a shipping address, or what is missing: a country always, a state where the country needs one
 * (spec C§5). A US state is taken as its code or full name; a state we do not know rates as the farthest band.
 */
export function destinationOf(country: string | null, state: string | null): Destination {
  if (!country?.trim()) return { ok: false, missing: 'country' };
  const code = countryCode(country);
  if (!code) return { ok: false, missing: 'validCountry' };
  if (STATE_REQUIRED.has(code) && !state?.trim()) return { ok: false, missing: 'state' };
  if (code === 'CA') return { ok: true, country: code, zone: 'CA' };
  if (code === 'US') return { ok: true, country: code, zone: usZone(state ?? '') };
  // Territories with codes of their own are US destinations for the carriers.
  const territory = US_BANDS[code];
  if (territory && territory.zone === 'US4') return { ok: true, country: code, zone: 'US4' };
  return { ok: true, country: code, zone: EUROPE.has(code) ? 'EU' : 'ROW' };
}

function usZone(state: string): Zone {
  const typed = state.trim().toUpperCase();
  const band = US_BANDS[typed] ?? Object.values(US_BANDS).find((entry) => entry.name === typed);
  return band?.zone ?? 'US4';
}
