import {
  ACCOUNT_PAY_ONLINE_TERMS,
  type AccountPayOnlineTerm,
  type PayOnlineTerms,
} from '@storefront/contracts';
import { roundInCurrency } from './quote-pricing';

/** An account that names no term of its own lets its buyers choose: online payment is offered, not required. */
export const DEFAULT_ACCOUNT_PAY_ONLINE_TERM: AccountPayOnlineTerm = 'Payment Optional';

const isAccountTerm = (term: string | null): term is AccountPayOnlineTerm =>
  (ACCOUNT_PAY_ONLINE_TERMS as readonly (string | null)[]).includes(term);

/**
 * Spec C§4: Payment Required means payment is needed; Payment Optional or No Payment means payment is
 * optional; No Payment means payment is not offered; Use Account Pay Online Terms falls back to the account's
 * own term. A quote naming no term (or one this list does not know) uses the account's too.
 */
export function payOnlineTerms(quoteTerm: string | null, accountTerm: string | null): PayOnlineTerms {
  const fromAccount = !isAccountTerm(quoteTerm);
  const term: AccountPayOnlineTerm = isAccountTerm(quoteTerm)
    ? quoteTerm
    : isAccountTerm(accountTerm)
      ? accountTerm
      : DEFAULT_ACCOUNT_PAY_ONLINE_TERM;
  return {
    term,
    fromAccount,
    paymentRequired: term === 'Payment Required',
    paymentOffered: term !== 'No Payment',
  };
}

/**
 * What the buyer pays online: the quote's total, which already carries its promo discount, shipping and tax
 * (`quoteTotal`), in the quote's currency. This is the one place the amount is made.
 */
export function amountDue(quote: { total: number; currency: string }): number {
  return roundInCurrency(quote.total, quote.currency);
}

/**
 * Whether the provider may send the buyer to `url`: http(s), no credentials, on the storefront's own host
 * (its domain, any port: the same storefront answers on the development port too). Anything else would
 * make the payment page an open redirect.
 */
export function isStorefrontUrl(url: string, storefrontDomain: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  const host = storefrontDomain.toLowerCase().replace(/:\d+$/, '');
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.hostname === host
  );
}
