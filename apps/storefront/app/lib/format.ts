import { DEFAULT_LOCALE } from '@storefront/contracts/constants';

/** Money in the storefront's locale, e.g. $1,234.50. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency }).format(amount);
}

export function formatCount(count: number): string {
  return new Intl.NumberFormat(DEFAULT_LOCALE).format(count);
}

/** A YYYY-MM-DD date as 'Mar 31, 2025', in UTC so server and browser render the same text. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
