import { roundInCurrency } from '../../core/money';
import type { ColdChain, ShipmentLine } from './profile';
import { CARRIER_SERVICES, type CarrierService } from './services';
import type { Zone } from './zones';

/** The carriers' volumetric divisor: a box of 5,000 cm³ bills as one kilogram. */
export const DIMENSIONAL_DIVISOR_CM3_PER_KG = 5000;
/** Carriers bill whole half-kilograms, and at least one. */
export const WEIGHT_STEP_KG = 0.5;
/** Cold packs and dry ice hold about two days; a slower ground service would deliver spoiled goods. */
export const MAX_COLD_CHAIN_GROUND_DAYS = 2;
/** Zones where air carriers do not accept dangerous goods from us (no IATA acceptance at destination). */
const NO_DANGEROUS_GOODS_BY_AIR: ReadonlySet<Zone> = new Set(['ROW']);
/** Per shipment with dangerous goods, in USD: the declaration, the packaging and the carrier's handling. */
export const DANGEROUS_GOODS_FEE = { air: 55, ground: 25 } as const;
/** Cold-chain packing per shipment, in USD: the insulated shipper plus coolant for each day in transit. */
export const COLD_CHAIN_SURCHARGE: Record<Exclude<ColdChain, 'none'>, { base: number; perDay: number }> = {
  'cold-packs': { base: 10, perDay: 4 },
  'dry-ice': { base: 25, perDay: 12 },
};

/**
 * What one US dollar of the rate card costs in each currency we sell in. Fixed like the price lists (the
 * EUR catalogue is the USD one at 0.93), so a quote's shipping does not move with the markets between two
 * looks at the same cart.
 */
export const RATE_CARD_CURRENCIES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.93,
  CAD: 1.38,
  GBP: 0.79,
};

export interface RatedService {
  carrier: string;
  service: string;
  transitDays: number;
  /** Carriage and any dangerous-goods fee, in the quote's currency. */
  charge: number;
  /** Cold-chain packing, in the quote's currency; 0 for ambient goods. */
  surcharge: number;
}

export interface Rating {
  /** Cheapest first (charge and surcharge together). */
  services: RatedService[];
  /** Why no service is offered; null when some is. */
  problem: string | null;
}

const shipped = (lines: readonly ShipmentLine[]) => lines.filter((line) => line.profile.shippable);

/** False when every line is a service, training or warranty: there is nothing to ship. */
export function requiresShipping(lines: readonly ShipmentLine[]): boolean {
  return shipped(lines).length > 0;
}

const roundUp = (kg: number) => Math.ceil(kg / WEIGHT_STEP_KG - 1e-9) * WEIGHT_STEP_KG;

/** The larger of the actual and the dimensional weight of the shipped lines, in whole half-kilograms. */
export function billableWeightKg(lines: readonly ShipmentLine[]): number {
  let actual = 0;
  let volume = 0;
  for (const { qty, profile } of shipped(lines)) {
    actual += qty * profile.weightKg;
    volume += qty * profile.lengthCm * profile.widthCm * profile.heightCm;
  }
  return Math.max(WEIGHT_STEP_KG, roundUp(Math.max(actual, volume / DIMENSIONAL_DIVISOR_CM3_PER_KG)));
}

/** The most demanding cold chain of the shipped lines: dry ice over cold packs over none. */
export function coldChainOf(lines: readonly ShipmentLine[]): ColdChain {
  const chains = new Set(shipped(lines).map((line) => line.profile.coldChain));
  if (chains.has('dry-ice')) return 'dry-ice';
  return chains.has('cold-packs') ? 'cold-packs' : 'none';
}

/** The cold-chain packing for so many days in transit, in USD. */
export function coldChainSurchargeUsd(chain: ColdChain, transitDays: number): number {
  if (chain === 'none') return 0;
  const { base, perDay } = COLD_CHAIN_SURCHARGE[chain];
  return base + perDay * transitDays;
}

/** The UN classes of the dangerous goods among the shipped lines, sorted. */
export function hazardClassesOf(lines: readonly ShipmentLine[]): string[] {
  const classes = shipped(lines).flatMap((line) =>
    line.profile.hazardClass ? [line.profile.hazardClass] : [],
  );
  return [...new Set(classes)].sort();
}

/** A USD amount of the rate card in the quote's currency, rounded to its minor unit; null if we do not sell in it. */
export function inCurrency(usd: number, currency: string): number | null {
  const factor = RATE_CARD_CURRENCIES[currency];
  return factor === undefined ? null : roundInCurrency(usd * factor, currency);
}

/** Why a service reaching the zone cannot take this shipment; null when it can. */
function refusal(
  service: CarrierService,
  zone: Zone,
  transitDays: number,
  chain: ColdChain,
  hazardous: boolean,
): string | null {
  if (hazardous && service.mode === 'air' && NO_DANGEROUS_GOODS_BY_AIR.has(zone)) {
    return 'dangerous goods cannot fly to this destination';
  }
  if (chain !== 'none' && service.mode === 'ground' && transitDays > MAX_COLD_CHAIN_GROUND_DAYS) {
    return `cold-chain items cannot spend more than ${MAX_COLD_CHAIN_GROUND_DAYS} days on the road`;
  }
  return null;
}

/**
 * Rates the shipped lines to a zone with every service that reaches it and can take them. When none can,
 * `problem` says why, in words a buyer can act on.
 */
export function rateShipment(lines: readonly ShipmentLine[], zone: Zone, currency: string): Rating {
  if (RATE_CARD_CURRENCIES[currency] === undefined) {
    return { services: [], problem: `Shipping rates are not available in ${currency}.` };
  }
  const weight = billableWeightKg(lines);
  const chain = coldChainOf(lines);
  const hazardous = hazardClassesOf(lines).length > 0;
  const services: RatedService[] = [];
  const reasons = new Set<string>();
  for (const service of CARRIER_SERVICES) {
    const rate = service.zones[zone];
    if (!rate) continue;
    const reason = refusal(service, zone, rate.transitDays, chain, hazardous);
    if (reason) {
      reasons.add(reason);
      continue;
    }
    const carriage = rate.base + rate.perKg * weight + (hazardous ? DANGEROUS_GOODS_FEE[service.mode] : 0);
    services.push({
      carrier: service.carrier,
      service: service.service,
      transitDays: rate.transitDays,
      charge: inCurrency(carriage, currency) ?? 0,
      surcharge: inCurrency(coldChainSurchargeUsd(chain, rate.transitDays), currency) ?? 0,
    });
  }
  services.sort((a, b) => a.charge + a.surcharge - (b.charge + b.surcharge));
  const problem =
    services.length > 0
      ? null
      : `No carrier can ship this quote to the address: ${[...reasons].join('; ') || 'no service reaches it'}.`;
  return { services, problem };
}

/** Goods leaving on the buyer's own carrier are packed for the longest cold-chain trip we allow. */
export const OWN_CARRIER_PACKED_DAYS = MAX_COLD_CHAIN_GROUND_DAYS;

/** The cold-chain packing of a shipment on the buyer's own carrier, in the quote's currency. */
export function ownCarrierSurcharge(lines: readonly ShipmentLine[], currency: string): number | null {
  return inCurrency(coldChainSurchargeUsd(coldChainOf(lines), OWN_CARRIER_PACKED_DAYS), currency);
}
