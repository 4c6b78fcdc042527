import {
  ACCOUNT_PAY_ONLINE_TERMS,
  type AccountPayOnlineTerm,
  type PayOnlineTerms,
} from '@storefront/contracts';
import { roundInCurrency } from '../../core/money';

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

const cents = (amount: number) => Math.round(amount * 100);

/** What the payments keep together, to the cent. */
export function paidAmount(payments: readonly { kept: number }[]): number {
  return payments.reduce((sum, payment) => sum + cents(payment.kept), 0) / 100;
}

/** What is left to pay of a total once the payments are counted; never below 0. */
export function leftToPay(total: number, paid: number): number {
  return Math.max(cents(total) - cents(paid), 0) / 100;
}

/**
 * What to give back when payments exceed the total (the cart shrank after paying): the surplus, taken from the
 * newest payment first, each at most what is kept of it.
 */
export function surplusRefunds(
  payments: readonly { id: string; kept: number }[],
  total: number,
): { paymentId: string; amount: number }[] {
  let surplus = cents(paidAmount(payments)) - cents(total);
  const refunds: { paymentId: string; amount: number }[] = [];
  for (const payment of payments) {
    if (surplus <= 0) break;
    const amount = Math.min(surplus, cents(payment.kept));
    if (amount > 0) refunds.push({ paymentId: payment.id, amount: amount / 100 });
    surplus -= amount;
  }
  return refunds;
}

/** Why money goes back to the card, as the buyer reads it beside the refund. */
export const REFUND_REASONS = {
  replaced: 'a newer payment was started for the same purchase, so this one was not needed',
  expired: 'the payment request had expired when the card was charged',
  amountChanged: 'the amount charged was not the amount requested',
  alreadyPaid: 'it was already paid in full',
  ordered: 'the order had already been placed',
  invoicesPaid: 'the invoices were paid by another payment meanwhile',
  overpaid: 'the order total fell after the payment',
  cancelled: 'the order was cancelled',
} as const;
