import { DEFAULT_LOCALE } from '@storefront/contracts/constants';

import { formatMoney } from '@storefront/contracts/money';

export { formatMoney };

/** An amount taken off, as the cart and the order show it: '−$25.00', never read as a charge. */
export function formatDiscount(amount: number, currency: string): string {
  return `−${formatMoney(amount, currency)}`;
}

// Building an Intl formatter costs far more than formatting with one, and pages format many numbers.
const countFormat = new Intl.NumberFormat(DEFAULT_LOCALE);

export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A YYYY-MM-DD date as 'Mar 31, 2025', in UTC so server and browser render the same text. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const momentFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** An instant as 'Oct 2, 2026, 09:00 UTC': carts of one day told apart, the same text on server and browser. */
export function formatMoment(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : `${momentFormat.format(date)} UTC`;
}
