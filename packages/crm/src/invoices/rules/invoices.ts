import type { InvoiceKind, InvoiceStatus } from '@storefront/contracts';

/**
 * What a buyer reads of an invoice (docs/decisions/0029-invoices.md): a credit memo is Credit; an invoice
 * with nothing left to pay is Paid; one still owed is Overdue after its due date, else Open.
 */
export function invoiceStatus(
  invoice: { kind: InvoiceKind; balance: number; dueDate: string },
  today: string,
): InvoiceStatus {
  if (invoice.kind === 'CreditMemo') return 'Credit';
  if (invoice.balance <= 0) return 'Paid';
  return invoice.dueDate < today ? 'Overdue' : 'Open';
}

/** YYYY-MM-DD plus whole days (UTC, so no day is lost to a clock change). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The terms an order on account is billed on: due that many days after the invoice date. */
export function netTerms(days: number): string {
  return `Net ${days}`;
}

/** The terms of an order paid by card at checkout: nothing is left to pay. */
export const PAID_BY_CARD_TERMS = 'Paid by card at checkout';

/** An order's invoice takes its order's number: SO-2026-000042 is billed as INV-2026-000042. */
export function invoiceNumberOf(orderNumber: string): string {
  return orderNumber.replace(/^SO-/, 'INV-');
}

/** A credit memo's number, from the same yearly sequence as orders. */
export function creditMemoNumberOf(orderNumber: string): string {
  return orderNumber.replace(/^SO-/, 'CM-');
}

export function invoicePdfFileName(invoiceNumber: string): string {
  return `Invoice-${invoiceNumber}.pdf`;
}
