import type {
  AddressValidationInfo,
  AvaTaxMessage,
  LineItemModel,
  TransactionLineDetail,
  TransactionModel,
  TransactionSummary,
} from '@storefront/contracts';
import { roundMoney } from '@storefront/contracts/money';
import { canadianJurisdictions, type Jurisdiction, usJurisdictions } from './rates';
import { countryOf, countryOfPostalCode, provinceOf, provinceOfPostalCode, usStateOf, zip5 } from './regions';
import { placeOfZip } from './zip-places';

/** A transaction as computed, before the service gives it an id, a status and a version. */
export type ComputedTransaction = Omit<TransactionModel, 'id' | 'status' | 'version'>;

export interface TransactionInput {
  type: TransactionModel['type'];
  companyCode: string;
  date: string;
  customerCode: string;
  code: string;
  currencyCode: string;
  destination: AddressValidationInfo;
  lines: readonly LineItemModel[];
}

const SOURCE = 'Avalara.AvaTax.Services.Tax';

/** Where the goods go, as far as tax is concerned: a US state and ZIP city, a province, or elsewhere. */
type Destination =
  | { country: 'US'; state: string; zipCity: string }
  | { country: 'CA'; province: string }
  | { country: string | null };

function destinationOf(address: AddressValidationInfo): Destination {
  const postalCode = address.postalCode?.trim() ?? '';
  const country = address.country ? countryOf(address.country) : countryOfPostalCode(postalCode);
  if (country === 'US') {
    const zip = zip5(postalCode);
    const place = zip ? placeOfZip(zip) : undefined;
    const state = place ? place.state : usStateOf(address.region ?? '');
    if (state) return { country, state, zipCity: place?.city ?? address.city ?? '' };
  }
  if (country === 'CA') {
    const province = provinceOf(address.region ?? '') ?? provinceOfPostalCode(postalCode);
    if (province) return { country, province };
  }
  return { country: country ?? address.country?.trim() ?? null };
}

function jurisdictionsOf(destination: Destination): Jurisdiction[] {
  if ('state' in destination) return usJurisdictions(destination.state, destination.zipCity);
  if ('province' in destination) return canadianJurisdictions(destination.province);
  return [];
}

/** A line is exempt when it names an exemption certificate or an entity use code (the customer is exempt). */
const isExempt = (line: LineItemModel): boolean => Boolean(line.exemptionCode || line.entityUseCode);

/**
 * Each line's tax per jurisdiction, rounded half-up to cents per line and jurisdiction, so the details add
 * up to the line and the lines to the document; the summary adds the details by jurisdiction.
 */
export function computeTransaction(input: TransactionInput): ComputedTransaction {
  const destination = destinationOf(input.destination);
  const jurisdictions = jurisdictionsOf(destination);
  const lines = input.lines.map((line, index) => {
    const lineAmount = roundMoney(line.amount);
    const exempt = isExempt(line);
    const details: TransactionLineDetail[] = jurisdictions.map((juris) => ({
      country: destination.country ?? '',
      region:
        'state' in destination ? destination.state : 'province' in destination ? destination.province : '',
      jurisType: juris.jurisType,
      jurisCode: juris.jurisCode,
      jurisName: juris.jurisName,
      taxName: juris.taxName,
      rate: juris.rate,
      taxableAmount: exempt ? 0 : lineAmount,
      exemptAmount: exempt ? lineAmount : 0,
      tax: exempt ? 0 : roundMoney(lineAmount * juris.rate),
    }));
    return {
      lineNumber: line.number ?? String(index + 1),
      itemCode: line.itemCode ?? null,
      taxCode: line.taxCode ?? null,
      quantity: line.quantity,
      lineAmount,
      taxableAmount: exempt ? 0 : lineAmount,
      exemptAmount: exempt ? lineAmount : 0,
      tax: sum(details.map((detail) => detail.tax)),
      details,
    };
  });
  return {
    code: input.code,
    companyCode: input.companyCode,
    date: input.date,
    type: input.type,
    customerCode: input.customerCode,
    currencyCode: input.currencyCode,
    totalAmount: sum(lines.map((line) => line.lineAmount)),
    totalExempt: sum(lines.map((line) => line.exemptAmount)),
    totalTaxable: sum(lines.map((line) => line.taxableAmount)),
    totalTax: sum(lines.map((line) => line.tax)),
    lines,
    summary: summarise(lines.flatMap((line) => line.details)),
    messages: jurisdictions.length > 0 ? [] : [noTaxMessage(destination)],
  };
}

/** Adds amounts in cents, so many lines add up without binary drift. */
function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + Math.round(amount * 100), 0) / 100;
}

function summarise(details: readonly TransactionLineDetail[]): TransactionSummary[] {
  const byJurisdiction = new Map<string, TransactionLineDetail[]>();
  for (const detail of details) {
    const key = `${detail.jurisType}|${detail.jurisCode}|${detail.taxName}`;
    byJurisdiction.set(key, [...(byJurisdiction.get(key) ?? []), detail]);
  }
  return [...byJurisdiction.values()].map((group) => {
    const [first] = group as [TransactionLineDetail];
    return {
      country: first.country,
      region: first.region,
      jurisType: first.jurisType,
      jurisCode: first.jurisCode,
      jurisName: first.jurisName,
      taxName: first.taxName,
      rate: first.rate,
      taxable: sum(group.map((detail) => detail.taxableAmount)),
      exemption: sum(group.map((detail) => detail.exemptAmount)),
      tax: sum(group.map((detail) => detail.tax)),
    };
  });
}

/** Why a transaction carries no tax: no sales tax where it goes, or a country this service does not tax. */
function noTaxMessage(destination: Destination): AvaTaxMessage {
  const where =
    'state' in destination
      ? `${destination.state} levies no state sales tax.`
      : destination.country
        ? `This service calculates no tax for sales to '${destination.country}'.`
        : 'The ship-to address names no country.';
  return {
    summary: 'No tax calculated.',
    details: where,
    refersTo: 'Addresses.ShipTo',
    severity: 'Warning',
    source: SOURCE,
  };
}
