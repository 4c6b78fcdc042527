import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { contacts, invoicePayments, invoices, paymentRequestInvoices } from '../../db/schema';
import type { InvoiceRow } from './invoices';

/** The account's invoices still owed, the oldest due first. */
export function owedInvoices(db: CrmDb, accountId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.kind, 'Invoice'), gt(invoices.balance, 0)))
    .orderBy(asc(invoices.dueDate), asc(invoices.invoiceNumber));
}

/**
 * The invoices, locked for the rest of the transaction in id order (so two payments naming the same
 * invoices in another order queue instead of deadlocking).
 */
export function lockInvoices(tx: CrmDb, invoiceIds: readonly string[]): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(inArray(invoices.id, [...invoiceIds]))
    .orderBy(asc(invoices.id))
    .for('update');
}

export async function insertRequestInvoices(
  tx: CrmDb,
  requestId: string,
  lines: readonly { invoiceId: string; amount: number }[],
): Promise<void> {
  await tx.insert(paymentRequestInvoices).values(lines.map((line) => ({ requestId, ...line })));
}

/** What a payment request pays of each invoice, with the invoice's number and balance now. */
export function requestInvoices(db: CrmDb, requestId: string) {
  return db
    .select({
      invoiceId: paymentRequestInvoices.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      amount: paymentRequestInvoices.amount,
      balance: invoices.balance,
    })
    .from(paymentRequestInvoices)
    .innerJoin(invoices, eq(invoices.id, paymentRequestInvoices.invoiceId))
    .where(eq(paymentRequestInvoices.requestId, requestId))
    .orderBy(asc(invoices.invoiceNumber));
}

/** Applies a payment to a (locked) invoice: its balance falls and the payment is listed on it. Answers it now. */
export async function applyInvoicePayment(
  tx: CrmDb,
  payment: {
    invoiceId: string;
    amount: number;
    paidOn: string;
    method: string;
    reference: string;
    paymentId: string;
  },
): Promise<InvoiceRow> {
  const [invoice] = await tx
    .update(invoices)
    .set({ balance: sql`${invoices.balance} - ${payment.amount}` })
    .where(eq(invoices.id, payment.invoiceId))
    .returning();
  if (!invoice) throw new Error(`invoice ${payment.invoiceId} not found`);
  await tx.insert(invoicePayments).values({ id: randomUUID(), ...payment });
  return invoice;
}

/** Where a contact's mail goes. */
export async function contactEmail(db: CrmDb, contactId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row?.email || undefined;
}
