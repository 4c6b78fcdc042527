import { type CardBrand, cardBrand } from '@storefront/contracts';

/** A card as the payment page read it: kept only for the moment of the decision, never stored or logged. */
export interface Card {
  number: string;
  brand: CardBrand;
  last4: string;
  /** The last month the card is valid in (1-12) and its four-digit year: not secret, a saved card shows it. */
  expMonth: number;
  expYear: number;
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';
export type CardErrors = Partial<Record<CardField, string>>;

/** The Luhn (mod 10) check digit test every card number passes. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY or MM/YYYY: the last month the card is valid in, as [year, month]; null when unreadable. */
function readExpiry(value: string): [number, number] | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]) + ((match[2] ?? '').length === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? [year, month] : null;
}

const field = (form: Record<string, unknown>, name: CardField) => {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The card of a submitted form, or what to correct, field by field. A card is valid through the last day of
 * its expiry month (UTC).
 */
export function readCard(form: Record<string, unknown>, now: Date): { card: Card } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = field(form, 'number').replace(/[\s-]/g, '');
  if (number === '') errors.number = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    errors.number = 'This card number is not valid: check its digits.';

  const expiry = readExpiry(field(form, 'expiry'));
  if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    const [year, month] = expiry;
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    if (year * 12 + month < current) errors.expiry = 'This card has expired.';
  }

  const brand = cardBrand(number);
  const cvcDigits = brand === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcDigits}}$`).test(field(form, 'cvc')))
    errors.cvc = `Enter the ${cvcDigits}-digit security code.`;

  const name = field(form, 'name');
  if (name === '' || name.length > 100 || name.includes('\0'))
    errors.name = 'Enter the name on the card (at most 100 characters).';

  if (!expiry || Object.keys(errors).length > 0) return { errors };
  const [expYear, expMonth] = expiry;
  return { card: { number, brand, last4: number.slice(-4), expMonth, expYear } };
}
