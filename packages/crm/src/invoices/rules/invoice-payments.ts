import { formatAmount } from '../../orders';

/**
 * A payment of invoices is known to the buyer by its receipt number, written on the receipt and on each
 * invoice it paid. Made from the payment's id (unique), so no second counter is needed.
 */
export function receiptNumberOf(paymentId: string): string {
  return `RCT-${paymentId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/** The receipt mailed to whoever paid: what was paid of each invoice and what is left. */
export function receiptMail(receipt: {
  reference: string;
  payment: { amount: number; currency: string; brand: string; last4: string };
  paidOn: string;
  invoices: readonly { invoiceNumber: string; amount: number; balance: number }[];
}): { subject: string; body: string } {
  const { payment } = receipt;
  const money = (amount: number) => formatAmount(amount, payment.currency);
  return {
    subject: `Receipt ${receipt.reference} for your payment of ${money(payment.amount)}`,
    body: [
      `Thank you for your payment of ${money(payment.amount)} on ${receipt.paidOn}, paid with ${payment.brand} ending ${payment.last4}.`,
      `Receipt: ${receipt.reference}`,
      receipt.invoices
        .map(
          (invoice) =>
            `${invoice.invoiceNumber}: paid ${money(invoice.amount)}, balance now ${money(invoice.balance)}`,
        )
        .join('\n'),
      'The invoices show this payment in the billing portal.',
    ].join('\n\n'),
  };
}
