import type { Offer } from '@storefront/contracts';
import {
  applyOffer,
  isOfferValidOn,
  type PricedItem,
  selectTier,
  type TierRow,
  unitPrice,
} from '../../catalogue';
import { roundInCurrency } from '../../core/money';

type LineOffer = Pick<Offer, 'id' | 'offerType' | 'discount' | 'appliedOnField' | 'validFrom' | 'validTo'>;

/** What a quote line stores about its price; never taken from a request. */
export interface LinePrice {
  unitPrice: number;
  listPrice: number;
  lineTotal: number;
  /** The tier's unit price when a quantity tier applied, else null. */
  qtyTierAmt: number | null;
  offerId: string | null;
  offerType: Offer['offerType'] | null;
  offerDiscount: number | null;
  appliedOnField: string | null;
}

export interface QuoteTotals {
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * A line's price for a quantity: the price sales agreed for it when it has one, else the tier price for that
 * quantity (else the item's price from its price source), unless a valid offer gives a lower price; the lowest
 * price wins, so a buyer never pays more for having an offer.
 */
export function priceLine(
  item: PricedItem,
  tiers: readonly TierRow[],
  offers: readonly LineOffer[],
  qty: number,
  today: string,
  currency: string,
  agreedUnitPrice: number | null = null,
): LinePrice {
  const tier = agreedUnitPrice === null ? selectTier(tiers, qty) : undefined;
  let price = agreedUnitPrice ?? tier?.price ?? unitPrice(item);
  let best: LineOffer | null = null;
  for (const offer of offers) {
    if (!isOfferValidOn(offer, today)) continue;
    const offered = applyOffer(item, offer);
    if (offered < price) {
      price = offered;
      best = offer;
    }
  }
  const unit = roundInCurrency(price, currency);
  return {
    unitPrice: unit,
    listPrice: roundInCurrency(item.listPrice, currency),
    lineTotal: roundInCurrency(unit * qty, currency),
    qtyTierAmt: tier ? roundInCurrency(tier.price, currency) : null,
    offerId: best?.id ?? null,
    offerType: best?.offerType ?? null,
    offerDiscount: best?.discount ?? null,
    appliedOnField: best?.appliedOnField ?? null,
  };
}

/** Sums amounts in cents, so many lines add up without binary drift. */
function sumInCurrency(amounts: readonly number[], currency: string): number {
  const cents = amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0);
  return roundInCurrency(cents / 100, currency);
}

/** What a quote charges on top of its lines: the shipping method's charge and surcharge, and the tax. */
export interface QuoteCharges {
  shipping: number;
  surcharge: number;
  tax: number;
}

export const NO_CHARGES: QuoteCharges = { shipping: 0, surcharge: 0, tax: 0 };

/** The charges a stored quote carries; one not set yet (no method chosen, tax not calculated) adds nothing. */
export function storedCharges(quote: {
  shippingAmount: number | null;
  shippingSurcharge: number | null;
  tax: number | null;
}): QuoteCharges {
  return {
    shipping: quote.shippingAmount ?? 0,
    surcharge: quote.shippingSurcharge ?? 0,
    tax: quote.tax ?? 0,
  };
}

/**
 * The one place a quote's total is computed: the lines after the promo discount, plus shipping, its
 * surcharge and tax. Everything that writes or shows a total goes through it.
 */
export function quoteTotal(
  parts: Pick<QuoteTotals, 'subtotal' | 'discount'> & QuoteCharges,
  currency: string,
): number {
  const { subtotal, discount, shipping, surcharge, tax } = parts;
  return sumInCurrency([subtotal, -discount, shipping, surcharge, tax], currency);
}

/**
 * Subtotal is the sum of the line totals (offers and tiers already show in them); the discount is the sum of
 * the promo code's line discounts; the total adds the quote's charges (none unless given).
 */
export function quoteTotals(
  lineTotals: readonly number[],
  currency: string,
  promoDiscounts: readonly number[] = [],
  charges: QuoteCharges = NO_CHARGES,
): QuoteTotals {
  const subtotal = sumInCurrency(lineTotals, currency);
  const discount = sumInCurrency(promoDiscounts, currency);
  return { subtotal, discount, total: quoteTotal({ subtotal, discount, ...charges }, currency) };
}
