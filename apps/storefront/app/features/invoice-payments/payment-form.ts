import type { InvoiceAllocation } from '@storefront/contracts/crm-invoice-payments';
import type { InvoiceSummary } from '@storefront/contracts/crm-invoices';
import type { PaymentMethod } from '@storefront/contracts/crm-payment-methods';
import { formatMoney } from '../../lib/format';

/** The form's names: a checkbox per invoice, its amount, and how to pay. */
export const PAY_FIELDS = {
  invoice: 'invoice',
  amount: (invoiceId: string) => `amount-${invoiceId}`,
  method: 'method',
} as const;

/** The method value of a card entered on the provider's page. */
export const NEW_CARD = 'new';

export const PAYMENT_FORM_MESSAGES = {
  noInvoice: 'Choose at least one invoice to pay.',
  amountFormat: 'Enter the amount to pay, such as 250.00.',
  amountZero: 'Enter an amount more than 0.',
  noMethod: 'Choose how to pay.',
  cardExpired: 'This card has expired. Choose another card or pay with a new card.',
  cardGone: 'This card is no longer among your saved cards.',
} as const;

export const overBalance = (balance: string) => `Enter at most the balance, ${balance}.`;
export const inFull = (balance: string) => `This invoice is paid in full: ${balance}.`;

/** Whole currency units with optional thousands commas, then at most two decimals. */
const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/** Whether a card is past its expiry month in the month `now` falls in (UTC). */
export function isExpired(card: Pick<PaymentMethod, 'expMonth' | 'expYear'>, now: Date): boolean {
  return card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export type PaymentChoice =
  | { ok: true; invoices: InvoiceAllocation[]; method: { kind: 'new' } | { kind: 'saved'; id: string } }
  | { ok: false; problems: Record<string, string> };

/**
 * Reads the buyer's choice against what the account owes now (the CRM checks it again under its locks):
 * each problem keyed by the field it belongs to.
 */
export function readPaymentChoice(
  form: FormData,
  owed: readonly InvoiceSummary[],
  partialAllowed: boolean,
  cards: readonly PaymentMethod[],
  now: Date,
): PaymentChoice {
  const problems: Record<string, string> = {};
  const chosen = new Set(form.getAll(PAY_FIELDS.invoice).map(String));
  const invoices: InvoiceAllocation[] = [];
  for (const invoice of owed) {
    if (!chosen.has(invoice.id)) continue;
    const field = PAY_FIELDS.amount(invoice.id);
    const balance = formatMoney(invoice.balance, invoice.currency);
    const typed = String(form.get(field) ?? '').trim();
    if (!AMOUNT.test(typed)) {
      problems[field] = PAYMENT_FORM_MESSAGES.amountFormat;
      continue;
    }
    const amount = Number(typed.replaceAll(',', ''));
    if (amount <= 0) problems[field] = PAYMENT_FORM_MESSAGES.amountZero;
    else if (Math.round(amount * 100) > Math.round(invoice.balance * 100))
      problems[field] = overBalance(balance);
    else if (!partialAllowed && Math.round(amount * 100) !== Math.round(invoice.balance * 100)) {
      problems[field] = inFull(balance);
    } else invoices.push({ invoiceId: invoice.id, amount });
  }
  if (chosen.size === 0 || (invoices.length === 0 && Object.keys(problems).length === 0)) {
    problems[PAY_FIELDS.invoice] = PAYMENT_FORM_MESSAGES.noInvoice;
  }
  const method = String(form.get(PAY_FIELDS.method) ?? '');
  const card = cards.find((saved) => saved.id === method);
  if (method === '') problems[PAY_FIELDS.method] = PAYMENT_FORM_MESSAGES.noMethod;
  else if (method !== NEW_CARD && !card) problems[PAY_FIELDS.method] = PAYMENT_FORM_MESSAGES.cardGone;
  else if (card && isExpired(card, now)) problems[PAY_FIELDS.method] = PAYMENT_FORM_MESSAGES.cardExpired;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, invoices, method: card ? { kind: 'saved', id: card.id } : { kind: 'new' } };
}
