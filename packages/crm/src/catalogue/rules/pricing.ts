import type { Offer, PriceSource, QuantityTier } from '@storefront/contracts';
import { formatMoney, roundMoney } from '@storefront/contracts/money';

export interface PricedItem {
  priceSource: PriceSource;
  listPrice: number;
  negotiatedPrice: number | null;
}

/** Catalog Price is the negotiated price (the list price when none was negotiated); List Price the list price. */
export function unitPrice(item: PricedItem): number {
  if (item.priceSource === 'Catalog Price' && item.negotiatedPrice !== null) return item.negotiatedPrice;
  return item.listPrice;
}

export interface TierRow {
  sv: number;
  ev: number | null;
  price: number;
}

/** The tier whose sv..ev range (both inclusive, ev null = open-ended) holds the quantity. */
export function selectTier<T extends TierRow>(tiers: readonly T[], quantity: number): T | undefined {
  return tiers.find((tier) => quantity >= tier.sv && (tier.ev === null || quantity <= tier.ev));
}

/** Unit price for a quantity: the matching tier's price, else the item's own price. */
export function unitPriceForQuantity(item: PricedItem, tiers: readonly TierRow[], quantity: number): number {
  return selectTier(tiers, quantity)?.price ?? unitPrice(item);
}

/** Tiers as the contract shows them, sorted by start quantity, each against the untiered unit price. */
export function formatTiers(
  tiers: readonly TierRow[],
  originalPrice: number,
  currency: string,
): QuantityTier[] {
  return [...tiers]
    .sort((a, b) => a.sv - b.sv)
    .map((tier) => ({
      sv: tier.sv,
      ev: tier.ev,
      price: roundMoney(tier.price),
      formattedOfferPrice: formatMoney(tier.price, currency),
      originalPrice: roundMoney(originalPrice),
    }));
}

/** An offer applies from validFrom to validTo, both inclusive; a missing bound is open. Dates are YYYY-MM-DD. */
export function isOfferValidOn(offer: Pick<Offer, 'validFrom' | 'validTo'>, day: string): boolean {
  return (
    (offer.validFrom === null || offer.validFrom <= day) && (offer.validTo === null || day <= offer.validTo)
  );
}

/**
 * The price after an offer. appliedOnField 'List Price' discounts the list price, anything else the price
 * the account pays; an amount never takes the price below zero.
 */
export function applyOffer(
  item: PricedItem,
  offer: Pick<Offer, 'offerType' | 'discount' | 'appliedOnField'>,
): number {
  const base = offer.appliedOnField === 'List Price' ? item.listPrice : unitPrice(item);
  const discounted =
    offer.offerType === 'Percent' ? base * (1 - offer.discount / 100) : base - offer.discount;
  return roundMoney(Math.max(0, discounted));
}

/** Today's date in UTC as YYYY-MM-DD, the form offer validity is stored in. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
