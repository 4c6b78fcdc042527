import { DEFAULT_LOCALE } from '@storefront/contracts/constants';
import type { RecordDataType, RecordValue } from '@storefront/contracts/crm-cart-records';
import { formatMoney } from '@storefront/contracts/money';

/** What an empty value shows as, so an empty cell still reads as one. */
export const NO_VALUE = '—';

/** A locale Intl accepts: 'de_DE' reads as 'de-DE' (spec P§3), anything unknown as en-US. */
export function recordLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale.replaceAll('_', '-'))[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** A Salesforce TIME ('14:05:00.000Z') or an instant, as a Date; null when it is neither. */
function timeOf(value: string): Date | null {
  const time = /^\d{2}:\d{2}/.test(value)
    ? `1970-01-01T${value}${/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? '' : 'Z'}`
    : value;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A DATE ('2026-03-31') or the day of an instant, as midnight UTC of that day. */
function dayOf(value: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const numberOf = (value: RecordValue): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.replaceAll(',', ''));
  return Number.isFinite(parsed) ? parsed : null;
};

/**
 * A record value as a list column or details field shows it (spec P§3), in the viewer's locale; dates and
 * times in UTC so the server and the browser render the same text. A CURRENCY value loses any text after an
 * opening parenthesis ('1200.50 (USD)'); a value that does not read as its type is shown as it is.
 */
export function formatRecordValue(
  value: RecordValue,
  dataType: RecordDataType,
  options: { locale: string; currency: string },
): string {
  if (value === null || value === '') return NO_VALUE;
  const locale = recordLocale(options.locale);
  const text = String(value);
  switch (dataType) {
    case 'STRING':
      return text;
    case 'BOOLEAN':
      return value === true || text === 'true' ? 'Yes' : 'No';
    case 'DATETIME': {
      const date = timeOf(text);
      const format = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
      return date ? `${new Intl.DateTimeFormat(locale, format).format(date)} UTC` : text;
    }
    case 'DATE': {
      const date = dayOf(text);
      return date
        ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
        : text;
    }
    case 'TIME': {
      const date = timeOf(text);
      return date
        ? new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(date)
        : text;
    }
    case 'DOUBLE': {
      const number = numberOf(value);
      return number === null
        ? text
        : new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(number);
    }
    case 'DECIMAL': {
      const number = numberOf(value);
      const format = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
      return number === null ? text : new Intl.NumberFormat(locale, format).format(number);
    }
    case 'CURRENCY': {
      const amount = typeof value === 'string' ? (value.split('(')[0] ?? '').trim() : value;
      const number = numberOf(amount);
      if (number === null) return amount === '' ? NO_VALUE : String(amount);
      return formatMoney(number, options.currency, locale);
    }
  }
}
