import { z } from 'zod';
import { crmType } from './crm-base';
import { csvExportSchema } from './crm-cart-records';
import { catalogueScope, id, text } from './crm-fields';

/**
 * The billing portal's invoices (issue 13; docs/decisions/0029-invoices.md): an invoice per order, credit
 * memos, their lines and the payments applied. Every type acts for one account of one storefront (the
 * gateway binds both from the principal); another account's invoice is refused, never shown.
 */

/** What a buyer reads of an invoice: derived from its kind, balance and due date, never stored. */
export const INVOICE_STATUSES = ['Open', 'Overdue', 'Paid', 'Credit'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice bills an order; a credit memo gives money back (its amounts are negative). */
export const INVOICE_KINDS = ['Invoice', 'CreditMemo'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_SORTS = ['invoiceDate', 'dueDate', 'invoiceNumber', 'amount', 'balance'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Most invoices a page of the list holds. */
export const MAX_INVOICE_PAGE_SIZE = 100;
export const DEFAULT_INVOICE_PAGE_SIZE = 20;
/** Most invoices one CSV export holds (a decade of a busy account's invoices). */
export const MAX_INVOICE_EXPORT_ROWS = 5000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real date written YYYY-MM-DD. */
export const isoDate = text()
  .regex(ISO_DATE, 'must be a date written YYYY-MM-DD')
  // Date.parse takes 2025-02-30 as 2 March: only a date that reads back the same is real.
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a real date');

/** One row of the invoice list. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  orderNumber: z.string().nullable(),
  /** The cost centre or grant code its order was charged to (docs/decisions/0063-cost-centres.md). */
  costCentreCode: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  /** YYYY-MM-DD. */
  invoiceDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  amount: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/**
 * One row of the invoice list (issue 32: invoices link to their order): the summary and whether its order is
 * one of the account's, so that its page /billing/orders/{orderNumber} shows it. False for an invoice of no
 * order (the history from before the portal) and for an order another account placed.
 */
export const invoiceListRowSchema = invoiceSummarySchema.extend({
  hasOrder: z.boolean(),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

export const invoiceLineSchema = z.object({
  sku: z.string(),
  name: z.string(),
  qty: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A payment (or a credit memo) applied to an invoice. */
export const invoicePaymentSchema = z.object({
  /** YYYY-MM-DD. */
  paidOn: z.string(),
  method: z.string(),
  reference: z.string(),
  amount: z.number(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** One invoice as /viewInvoice shows it. */
export const invoiceSchema = invoiceListRowSchema.extend({
  accountName: z.string(),
  paymentTerms: z.string(),
  poNumber: z.string().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  /** The PDF's file name; getInvoicePdf serves it. */
  pdfFileName: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  invoices: z.array(invoiceListRowSchema),
  /** How many invoices match the filters, on every page. */
  totalSize: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** The list's filters and sort, as the page's query string, getInvoices and exportInvoices take them. */
export const invoiceFilters = {
  status: z.enum(INVOICE_STATUSES).optional(),
  /** Invoice dates from and to, both inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(INVOICE_SORTS).default('invoiceDate'),
  direction: z.enum(SORT_DIRECTIONS).default('desc'),
};

/** A page of the list. */
export const invoicePaging = {
  page: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int('must be a whole number')
    .min(1)
    .max(MAX_INVOICE_PAGE_SIZE)
    .default(DEFAULT_INVOICE_PAGE_SIZE),
};

/** A date range that ends before it starts is refused at its end date. */
export function rangeInOrder<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: T,
) {
  return schema.refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be before the start date',
    path: ['to'],
  });
}

const invoiceRef = { ...catalogueScope, invoiceId: id };

// Balances change with every payment: nothing here is cached.
const row = { group: 'billingportal', cacheable: false, method: 'GET' } as const;

export const INVOICE_CRM_TYPES = {
  /** The account's invoices and credit memos, filtered, sorted and paged. */
  getInvoices: crmType({
    ...row,
    payload: rangeInOrder(z.object({ ...catalogueScope, ...invoiceFilters, ...invoicePaging })),
    answer: invoiceListSchema,
  }),
  /** The filtered, sorted list (every page) as a CSV file. */
  exportInvoices: crmType({
    ...row,
    payload: rangeInOrder(z.object({ ...catalogueScope, ...invoiceFilters })),
    answer: csvExportSchema,
  }),
  /** One invoice of the account with its lines and payments; another account's: 403. */
  getInvoice: crmType({ ...row, payload: z.object(invoiceRef), answer: invoiceSchema }),
  /** The invoice's PDF (base64), rendered by the order PDF's module; only to the invoice's account. */
  getInvoicePdf: crmType({
    ...row,
    payload: z.object(invoiceRef),
    answer: z.object({
      fileName: z.string(),
      contentType: z.literal('application/pdf'),
      size: z.number(),
      content: z.string(),
    }),
  }),
};
