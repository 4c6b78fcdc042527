import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';
import { invoiceSummarySchema } from './crm-invoices';
import { cardBrandSchema, PAYMENT_STATUSES, signedPaymentRequestSchema } from './crm-payments';

/**
 * Paying open invoices online, /billing/payment (issue 13; docs/decisions/0033-paying-invoices.md): with a
 * card entered on the hosted payment page, or a saved card charged server to server. The CRM decides what
 * may be paid: the account's own invoices still owed, each at most its balance, in full unless the account's
 * terms allow paying part.
 */

/** Most invoices one payment settles. */
export const MAX_INVOICES_PER_PAYMENT = 50;

const payScope = {
  ...catalogueScope,
  /** Bound by the gateway to the signed-in user's contact: the receipt is mailed to them. */
  contactId: id.optional(),
};

/**
 * An amount of money: more than nothing, whole cents, read as the decimal it is written as (1e-9 is positive and
 * within a millionth of a whole cent, but it is not an amount anyone pays).
 */
const amountToPay = z
  .number()
  .positive('must be more than 0')
  .max(9_999_999_999.99, 'is too large')
  .refine((value) => /^\d+(?:\.\d{1,2})?$/.test(String(value)), 'must be in whole cents, such as 250.00')
  .refine((value) => value >= 0.01, 'must be at least 0.01');

/** What the buyer pays of one invoice. */
export const invoiceAllocationSchema = z.object({ invoiceId: id, amount: amountToPay });
export type InvoiceAllocation = z.infer<typeof invoiceAllocationSchema>;

const allocations = z
  .array(invoiceAllocationSchema)
  .min(1, 'choose at least one invoice to pay')
  .max(MAX_INVOICES_PER_PAYMENT, `a payment settles at most ${MAX_INVOICES_PER_PAYMENT} invoices`)
  .refine(
    (lines) => new Set(lines.map((line) => line.invoiceId)).size === lines.length,
    'names an invoice twice',
  );

const payableInvoicesSchema = z.object({
  /** The account's invoices still owed, the oldest due first. */
  invoices: z.array(invoiceSummarySchema),
  /** Whether the account's terms let it pay part of an invoice. */
  partialPaymentsAllowed: z.boolean(),
  /** Whether this CRM takes payments online at all. */
  paymentsConfigured: z.boolean(),
});
export type PayableInvoices = z.infer<typeof payableInvoicesSchema>;

/** What a payment of invoices paid, as its receipt says. */
const invoicePaymentReceiptSchema = z.object({
  requestId: z.string(),
  /**
   * Pending: the hosted page has not answered yet. Refunded: the card was charged but the charge could not be
   * applied (refundReason says why) and goes back to the card.
   */
  status: z.enum([...PAYMENT_STATUSES, 'Pending', 'Refunded']),
  refundReason: z.string().nullable(),
  /** The reference on the receipt and on each invoice's payments; null until the provider answered. */
  receiptNumber: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  brand: cardBrandSchema.nullable(),
  last4: z.string().nullable(),
  declineReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  invoices: z.array(
    z.object({
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      /** What this payment pays of the invoice. */
      amount: z.number(),
      /** The invoice's balance now. */
      balance: z.number(),
    }),
  ),
});
export type InvoicePaymentReceipt = z.infer<typeof invoicePaymentReceiptSchema>;

// Balances change with every payment: nothing here is cached.
const perAccount = { group: 'payment', cacheable: false } as const;

export const INVOICE_PAYMENT_CRM_TYPES = {
  /** The account's invoices still owed and what its terms allow. */
  getPayableInvoices: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object(catalogueScope),
    answer: payableInvoicesSchema,
  }),
  /**
   * A signed payment request for the chosen invoices, to post to the hosted payment page; the provider's
   * result (paymentRequestHandler) applies it. The buyer returns to returnUrl, on the storefront's domain.
   */
  startInvoicePayment: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object({
      ...payScope,
      invoices: allocations,
      returnUrl: text().trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
    }),
    answer: signedPaymentRequestSchema,
  }),
  /** Charges a saved card of the account for the chosen invoices and applies the payment at once. */
  payInvoicesWithSavedCard: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object({ ...payScope, invoices: allocations, paymentMethodId: id }),
    answer: invoicePaymentReceiptSchema,
  }),
  /** A payment of invoices of the account, as its receipt says; another account's: 403. */
  getInvoicePaymentReceipt: crmType({
    ...perAccount,
    method: 'POST',
    payload: z.object({ ...catalogueScope, requestId: id }),
    answer: invoicePaymentReceiptSchema,
  }),
};
