import { and, eq } from 'drizzle-orm';
import type { CancelledOrder } from '../../core/handler';
import type { CrmDb } from '../../db/open';
import { appliedQuotePayments, insertRefund, REFUND_REASONS, surplusRefunds } from '../../payments';
import { creditMemoNumberOf } from '../rules/invoices';
import { invoicePayments, invoices } from '../tables';

/**
 * What a cancelled order was paid or billed goes back, in the transaction that cancels it: every card payment
 * of its quote is queued for a refund, and its invoice is credited by a credit memo of the whole amount, which
 * settles what is still open (so nobody pays an invoice of an order that will not ship).
 */
export async function settleCancelledOrder(tx: CrmDb, order: CancelledOrder): Promise<void> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, order.quoteId), eq(invoices.kind, 'Invoice')));
  if (!invoice) return;
  const paid = await appliedQuotePayments(tx, order.quoteId);
  for (const refund of surplusRefunds(paid, 0)) {
    await insertRefund(tx, { ...refund, currency: invoice.currency, reason: REFUND_REASONS.cancelled });
  }
  const memoNumber = creditMemoNumberOf(order.orderNumber);
  await tx.insert(invoices).values({
    id: crypto.randomUUID(),
    invoiceNumber: memoNumber,
    storefrontId: invoice.storefrontId,
    accountId: invoice.accountId,
    quoteId: null,
    orderNumber: order.orderNumber,
    poNumber: invoice.poNumber,
    costCentreCode: invoice.costCentreCode,
    kind: 'CreditMemo',
    invoiceDate: order.today,
    dueDate: order.today,
    paymentTerms: invoice.paymentTerms,
    currency: invoice.currency,
    subtotal: -invoice.subtotal,
    discount: -invoice.discount,
    shipping: -invoice.shipping,
    tax: -invoice.tax,
    amount: -invoice.amount,
    balance: 0,
  });
  if (invoice.balance > 0) {
    await tx.update(invoices).set({ balance: 0 }).where(eq(invoices.id, invoice.id));
    await tx.insert(invoicePayments).values({
      id: crypto.randomUUID(),
      invoiceId: invoice.id,
      paidOn: order.today,
      method: 'Credit memo (order cancelled)',
      reference: memoNumber,
      amount: invoice.balance,
    });
  }
}
