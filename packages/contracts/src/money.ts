import { DEFAULT_LOCALE } from './constants';

/** Rounds half away from zero to cents; the epsilon absorbs binary noise such as 1.005 * 100 = 100.4999… */
export function roundMoney(amount: number): number {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-9);
  return (Math.sign(amount) * cents) / 100 || 0;
}

const formatters = new Map<string, Intl.NumberFormat>();
/** A user's locale is theirs to choose, so the formatters kept are bounded: past this many, they start over. */
const MAX_FORMATTERS = 100;

/** '$1,234.50' for USD in en-US; the currency decides the symbol and the locale the separators. */
export function formatMoney(amount: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter.format(roundMoney(amount));
}
