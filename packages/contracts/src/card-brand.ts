/**
 * Card brands by number prefix (spec P§5), in the spec's order: the first rule whose prefix matches names the
 * brand. The spec gives American Express, Diners Club, JCB and MasterCard; the prefixes of Laser, Visa
 * Electron, Visa and Discover are the published IIN ranges (Wikipedia, "Payment card number", IIN table).
 */
export const CARD_BRANDS = [
  'American Express',
  'Diners Club Carte Blanche',
  'Diners Club International',
  'JCB',
  'Laser',
  'Visa Electron',
  'Visa',
  'MasterCard',
  'Discover',
] as const;
export type NamedCardBrand = (typeof CARD_BRANDS)[number];
/** What a number no rule matches is called (spec P§5). */
export const OTHER_CARD_BRAND = 'Credit/Debit';
export type CardBrand = NamedCardBrand | typeof OTHER_CARD_BRAND;

/** Whether the number starts with a prefix of `digits` length in the inclusive range [from, to]. */
function startsInRange(number: string, from: number, to: number): boolean {
  const digits = String(from).length;
  if (number.length < digits) return false;
  const prefix = Number(number.slice(0, digits));
  return prefix >= from && prefix <= to;
}

const startsWithAny = (number: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => number.startsWith(prefix));

const RULES: readonly (readonly [NamedCardBrand, (number: string) => boolean])[] = [
  ['American Express', (n) => startsWithAny(n, ['34', '37'])],
  ['Diners Club Carte Blanche', (n) => startsInRange(n, 300, 305)],
  ['Diners Club International', (n) => n.startsWith('36')],
  ['JCB', (n) => startsInRange(n, 3528, 3589)],
  ['Laser', (n) => startsWithAny(n, ['6304', '6706', '6709', '6771'])],
  ['Visa Electron', (n) => startsWithAny(n, ['4026', '417500', '4508', '4844', '4913', '4917'])],
  ['Visa', (n) => n.startsWith('4')],
  ['MasterCard', (n) => n.length === 16 && (startsInRange(n, 51, 55) || startsInRange(n, 2221, 2720))],
  [
    'Discover',
    (n) => startsWithAny(n, ['6011', '65']) || startsInRange(n, 644, 649) || startsInRange(n, 622126, 622925),
  ],
];

/** The brand of a card number (spaces and dashes ignored); 'Credit/Debit' when no prefix matches. */
export function cardBrand(cardNumber: string): CardBrand {
  const number = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number)) return OTHER_CARD_BRAND;
  return RULES.find(([, matches]) => matches(number))?.[0] ?? OTHER_CARD_BRAND;
}
