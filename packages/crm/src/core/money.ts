import { roundMoney } from '@storefront/contracts/money';

/** Amounts in a currency's minor unit, for every capability that prices. */

const fractionDigits = new Map<string, number>();

/** The currency's minor-unit digits (JPY 0, USD 2), at most 2 because amounts are stored as numeric(12,2). */
export function currencyDigits(currency: string): number {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    const options = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions();
    digits = Math.min(2, options.maximumFractionDigits ?? 2);
    fractionDigits.set(currency, digits);
  }
  return digits;
}

/** Rounds half away from zero to the currency's minor unit (roundMoney does cents; whole yen need a scale). */
export function roundInCurrency(amount: number, currency: string): number {
  const scale = 10 ** (2 - currencyDigits(currency));
  return Math.round(roundMoney(amount / scale) * 100 * scale) / 100;
}
