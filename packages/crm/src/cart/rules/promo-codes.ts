import type { PromoCodeKind } from '@storefront/contracts';
import { isOfferValidOn } from '../../catalogue';
import { currencyDigits, roundInCurrency } from '../../core/money';

export interface PromoRule {
  kind: PromoCodeKind;
  value: number;
  validFrom: string | null;
  validTo: string | null;
  active: boolean;
}

/**
 * A reservation lapses this long after its quote last changed. A buyer's cart often waits overnight for a
 * colleague or a grant number, and within a day a throwaway cart gives its use back.
 */
export const PROMO_RESERVATION_HOURS = 24;

/**
 * What a code is to a caller on a day. An inactive code and one before its first day are 'hidden': answered
 * exactly like an unknown code, so probing learns nothing of paused or coming promotions. An expired code
 * was published, so saying it expired helps a buyer holding an old flyer and gives a prober nothing usable.
 */
export function promoCodeStatus(code: PromoRule, day: string): 'valid' | 'expired' | 'hidden' {
  if (!code.active || (code.validFrom !== null && day < code.validFrom)) return 'hidden';
  return isOfferValidOn(code, day) ? 'valid' : 'expired';
}

/** A line is eligible when the code covers every item or names the line's item. */
export function isEligibleItem(
  code: { allItems: boolean },
  eligibleItemIds: ReadonlySet<string>,
  itemId: string,
): boolean {
  return code.allItems || eligibleItemIds.has(itemId);
}

export interface PromoLine {
  lineTotal: number;
  /** The code was applied to this line; other lines get no discount. */
  applied: boolean;
}

/**
 * The code's discount on each line, in the same order, rounded in the currency and never more than the line.
 * Percent takes value % of each applied line; Amount is spread over the applied lines in proportion to their
 * totals (largest remainder, in minor units), so the shares add up exactly to the amount, or to the lines'
 * sum when the amount is larger.
 */
export function promoDiscounts(
  code: Pick<PromoRule, 'kind' | 'value'>,
  lines: readonly PromoLine[],
  currency: string,
): number[] {
  if (code.kind === 'Percent') {
    return lines.map(({ lineTotal, applied }) =>
      applied ? Math.min(lineTotal, roundInCurrency((lineTotal * code.value) / 100, currency)) : 0,
    );
  }
  const scale = 10 ** currencyDigits(currency);
  const minor = lines.map(({ lineTotal, applied }) => (applied ? Math.round(lineTotal * scale) : 0));
  const sum = minor.reduce((a, b) => a + b, 0);
  if (sum === 0) return lines.map(() => 0);
  const amount = Math.min(sum, Math.round(code.value * scale));
  const exact = minor.map((line) => (amount * line) / sum);
  const shares = exact.map(Math.floor);
  let remainder = amount - shares.reduce((a, b) => a + b, 0);
  const byFraction = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (remainder === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    remainder -= 1;
  }
  return shares.map((share) => share / scale);
}
