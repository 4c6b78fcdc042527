import type { JurisType } from '@storefront/contracts';
import { regionName } from './regions';

/** One jurisdiction's sales tax on a destination. */
export interface Jurisdiction {
  jurisType: JurisType;
  jurisCode: string;
  jurisName: string;
  taxName: string;
  /** A fraction: 0.065 is 6.5 %. */
  rate: number;
}

/**
 * State sales tax rates (per cent) as of 1 January 2025, from the Tax Foundation's "State and Local Sales Tax
 * Rates, 2025" (https://taxfoundation.org/data/all/state/sales-tax-rates-2025/), table 1, column "State Tax
 * Rate". Alaska, Delaware, Montana, New Hampshire and Oregon levy no state sales tax.
 */
const US_STATE_RATES: Readonly<Record<string, number>> = {
  AL: 4,
  AK: 0,
  AZ: 5.6,
  AR: 6.5,
  CA: 7.25,
  CO: 2.9,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 6,
  GA: 4,
  HI: 4,
  ID: 6,
  IL: 6.25,
  IN: 7,
  IA: 6,
  KS: 6.5,
  KY: 6,
  LA: 5,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 6.875,
  MS: 7,
  MO: 4.225,
  MT: 0,
  NE: 5.5,
  NV: 6.85,
  NH: 0,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 4.5,
  OR: 0,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 6.25,
  UT: 6.1,
  VT: 6,
  VA: 5.3,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
};

type LocalRate = Omit<Jurisdiction, 'rate'> & { percent: number };

/**
 * Local rates of a few well-known places, keyed by state and the USPS city of the destination's ZIP code
 * (cities elsewhere pay the state rate only; a real AvaTax account resolves every rooftop):
 * - Seattle: Washington Department of Revenue, "Local sales & use tax rates", Q2 2025 (combined 10.35 %).
 * - Chicago: Illinois Department of Revenue, "Tax Rate Finder" (MyTax Illinois), 2025: Cook County 1.75 %,
 *   Chicago 1.25 %, Regional Transportation Authority 1 % (combined 10.25 %).
 * - New York City: New York State Department of Taxation and Finance, Publication 718 "New York State Sales
 *   and Use Tax Rates by Jurisdiction" (2025): city 4.5 %, Metropolitan Commuter Transportation District
 *   0.375 % (combined 8.875 %).
 * - Los Angeles: California Department of Tax and Fee Administration, "California City & County Sales & Use
 *   Tax Rates" (April 2025): district taxes 2.5 % (combined 9.75 %).
 * - Denver: Colorado Department of Revenue, "DR 1002 Colorado Sales/Use Tax Rates" (January 2025): city
 *   4.81 %, Regional Transportation District 1 %, Scientific and Cultural Facilities District 0.1 %
 *   (combined 8.81 %).
 */
const NEW_YORK_CITY: readonly LocalRate[] = [
  { jurisType: 'CIT', jurisCode: '51000', jurisName: 'NEW YORK CITY', taxName: 'NY CITY TAX', percent: 4.5 },
  {
    jurisType: 'STJ',
    jurisCode: 'MCTD',
    jurisName: 'METROPOLITAN COMMUTER TRANSPORTATION DISTRICT',
    taxName: 'NY SPECIAL TAX',
    percent: 0.375,
  },
];

const LOCAL_RATES: Readonly<Record<string, readonly LocalRate[]>> = {
  'WA|SEATTLE': [
    { jurisType: 'CIT', jurisCode: '1726', jurisName: 'SEATTLE', taxName: 'WA CITY TAX', percent: 3.85 },
  ],
  'IL|CHICAGO': [
    { jurisType: 'CTY', jurisCode: '031', jurisName: 'COOK', taxName: 'IL COUNTY TAX', percent: 1.75 },
    { jurisType: 'CIT', jurisCode: '14000', jurisName: 'CHICAGO', taxName: 'IL CITY TAX', percent: 1.25 },
    {
      jurisType: 'STJ',
      jurisCode: 'RTA',
      jurisName: 'REGIONAL TRANSPORTATION AUTHORITY',
      taxName: 'IL SPECIAL TAX',
      percent: 1,
    },
  ],
  'NY|NEW YORK': NEW_YORK_CITY,
  'NY|BROOKLYN': NEW_YORK_CITY,
  'NY|BRONX': NEW_YORK_CITY,
  'NY|STATEN ISLAND': NEW_YORK_CITY,
  'CA|LOS ANGELES': [
    {
      jurisType: 'STJ',
      jurisCode: 'LA-DISTRICT',
      jurisName: 'LOS ANGELES COUNTY DISTRICT TAX',
      taxName: 'CA SPECIAL TAX',
      percent: 2.5,
    },
  ],
  'CO|DENVER': [
    { jurisType: 'CIT', jurisCode: '20000', jurisName: 'DENVER', taxName: 'CO CITY TAX', percent: 4.81 },
    {
      jurisType: 'STJ',
      jurisCode: 'RTD',
      jurisName: 'REGIONAL TRANSPORTATION DISTRICT',
      taxName: 'CO SPECIAL TAX',
      percent: 1,
    },
    {
      jurisType: 'STJ',
      jurisCode: 'SCFD',
      jurisName: 'SCIENTIFIC AND CULTURAL FACILITIES DISTRICT',
      taxName: 'CO SPECIAL TAX',
      percent: 0.1,
    },
  ],
};

/**
 * Canadian sales taxes by province, as of 1 April 2025. GST and HST: Canada Revenue Agency, "GST/HST rates"
 * (https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-
 * which-rate/calculator.html): GST 5 %; HST 13 % in Ontario, 14 % in Nova Scotia (from 1 April 2025), 15 %
 * in New Brunswick, Newfoundland and Labrador and Prince Edward Island. Provincial taxes as those provinces
 * publish them: British Columbia PST 7 %, Manitoba RST 7 %, Saskatchewan PST 6 %, Quebec QST 9.975 %.
 */
const CANADA: Readonly<Record<string, readonly { taxName: string; percent: number; federal: boolean }[]>> = {
  ON: [{ taxName: 'HST', percent: 13, federal: true }],
  NS: [{ taxName: 'HST', percent: 14, federal: true }],
  NB: [{ taxName: 'HST', percent: 15, federal: true }],
  NL: [{ taxName: 'HST', percent: 15, federal: true }],
  PE: [{ taxName: 'HST', percent: 15, federal: true }],
  BC: [
    { taxName: 'GST', percent: 5, federal: true },
    { taxName: 'PST', percent: 7, federal: false },
  ],
  MB: [
    { taxName: 'GST', percent: 5, federal: true },
    { taxName: 'RST', percent: 7, federal: false },
  ],
  SK: [
    { taxName: 'GST', percent: 5, federal: true },
    { taxName: 'PST', percent: 6, federal: false },
  ],
  QC: [
    { taxName: 'GST', percent: 5, federal: true },
    { taxName: 'QST', percent: 9.975, federal: false },
  ],
  AB: [{ taxName: 'GST', percent: 5, federal: true }],
  NT: [{ taxName: 'GST', percent: 5, federal: true }],
  NU: [{ taxName: 'GST', percent: 5, federal: true }],
  YT: [{ taxName: 'GST', percent: 5, federal: true }],
};

/** Per cent to a fraction without binary noise (6.875 → 0.06875). */
const fraction = (percent: number): number => Number((percent / 100).toFixed(6));

/** The jurisdictions taxing a sale shipped to a US state (and city), state first; none where there is no tax. */
export function usJurisdictions(state: string, zipCity: string): Jurisdiction[] {
  const stateRate = US_STATE_RATES[state] ?? 0;
  const locals = LOCAL_RATES[`${state}|${zipCity.toUpperCase()}`] ?? [];
  const stateTax: Jurisdiction[] =
    stateRate > 0
      ? [
          {
            jurisType: 'STA',
            jurisCode: state,
            jurisName: regionName(state),
            taxName: `${state} STATE TAX`,
            rate: fraction(stateRate),
          },
        ]
      : [];
  return [...stateTax, ...locals.map(({ percent, ...local }) => ({ ...local, rate: fraction(percent) }))];
}

/** The jurisdictions taxing a sale shipped to a Canadian province: GST or HST, and a provincial tax. */
export function canadianJurisdictions(province: string): Jurisdiction[] {
  return (CANADA[province] ?? []).map(({ taxName, percent, federal }) => ({
    jurisType: federal ? 'CNT' : 'STA',
    jurisCode: federal ? 'CA' : province,
    jurisName: federal ? 'CANADA' : regionName(province),
    taxName: federal ? taxName : `${province} ${taxName}`,
    rate: fraction(percent),
  }));
}
