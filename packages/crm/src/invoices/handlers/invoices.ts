import {
  type Invoice,
  type InvoiceListRow,
  type InvoiceSummary,
  MAX_INVOICE_EXPORT_ROWS,
} from '@storefront/contracts';
import type { QuoteRow } from '../../cart';
import { addressLines, billingParts, findQuote, shippingParts } from '../../cart';
import { belongsToStorefront } from '../../core/access';
import type { AccountRow } from '../../core/accounts';
import { findAccount } from '../../core/accounts';
import { toCsv } from '../../core/csv';
import { forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { recordBusinessEvent } from '../../events';
import { type OrderDocument, renderOrderPdf } from '../../orders';
import { appliedQuotePayments, findStorefrontIdentity, leftToPay, paidAmount } from '../../payments';
import {
  findInvoice,
  type InvoiceRow,
  insertInvoice,
  invoiceDetails,
  type ListedInvoiceRow,
  listInvoices,
} from '../queries/invoices';
import {
  addDays,
  invoiceNumberOf,
  invoicePdfFileName,
  invoiceStatus,
  netTerms,
  PAID_BY_CARD_TERMS,
} from '../rules/invoices';

/** The account the call acts for, which must be one of the storefront's (else 403). */
export async function ownAccount(ctx: HandlerContext, storefrontId: string, accountId: string) {
  const account = await findAccount(ctx.db, accountId);
  if (!account || !belongsToStorefront(account, storefrontId)) throw forbidden();
  return account;
}

/** The account's own invoice: none by that id is 404, another account's is 403 and says nothing of it. */
async function ownInvoice(
  ctx: HandlerContext,
  payload: { storefrontId: string; accountId: string; invoiceId: string },
) {
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const invoice = await findInvoice(ctx.db, payload.invoiceId);
  if (!invoice) throw notFound('there is no invoice with this id.', 'invoiceId');
  if (invoice.accountId !== account.id) throw forbidden();
  return { account, invoice };
}

export function invoiceSummary(row: InvoiceRow, today: string): InvoiceSummary {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    orderNumber: row.orderNumber,
    costCentreCode: row.costCentreCode,
    kind: row.kind,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    currency: row.currency,
    amount: row.amount,
    balance: row.balance,
    status: invoiceStatus(row, today),
  };
}

/** A row of the list: the summary and whether the invoice's order is the account's (its page links to it). */
function invoiceListRow(row: ListedInvoiceRow, today: string): InvoiceListRow {
  return { ...invoiceSummary(row, today), hasOrder: row.hasOrder };
}

export const getInvoices: Handler<'getInvoices'> = async (ctx, payload) => {
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const { rows, totalSize } = await listInvoices(ctx.db, account.id, payload, ctx.today);
  return {
    invoices: rows.map((row) => invoiceListRow(row, ctx.today)),
    totalSize,
    page: payload.page,
    pageSize: payload.pageSize,
  };
};

// Columns are only ever appended: spreadsheets and imports read them by position.
const CSV_HEADER = [
  'Invoice number',
  'Order number',
  'Invoice date',
  'Due date',
  'Status',
  'Currency',
  'Amount',
  'Balance',
  'Cost centre',
] as const;

/** The list as the page filters and sorts it, every page of it, as CSV. */
export const exportInvoices: Handler<'exportInvoices'> = async (ctx, payload) => {
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const filter = { ...payload, page: 1, pageSize: MAX_INVOICE_EXPORT_ROWS };
  const { rows } = await listInvoices(ctx.db, account.id, filter, ctx.today);
  const invoices = rows.map((row) => invoiceSummary(row, ctx.today));
  return {
    fileName: `invoices-${ctx.today}.csv`,
    contentType: 'text/csv',
    content: toCsv([
      CSV_HEADER,
      ...invoices.map((invoice) => [
        invoice.invoiceNumber,
        invoice.orderNumber ?? '',
        invoice.invoiceDate,
        invoice.dueDate,
        invoice.status,
        invoice.currency,
        invoice.amount,
        invoice.balance,
        invoice.costCentreCode ?? '',
      ]),
    ]),
    rowCount: invoices.length,
  };
};

async function invoiceOf(
  ctx: HandlerContext,
  invoice: ListedInvoiceRow & { accountName: string },
): Promise<Invoice> {
  const { lines, payments } = await invoiceDetails(ctx.db, invoice.id);
  return {
    ...invoiceListRow(invoice, ctx.today),
    accountName: invoice.accountName,
    paymentTerms: invoice.paymentTerms,
    poNumber: invoice.poNumber,
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    shipping: invoice.shipping,
    tax: invoice.tax,
    lines: lines.map(({ sku, name, qty, unitPrice, lineTotal }) => ({
      sku,
      name,
      qty,
      unitPrice,
      lineTotal,
    })),
    payments: payments.map(({ paidOn, method, reference, amount }) => ({
      paidOn,
      method,
      reference,
      amount,
    })),
    pdfFileName: invoicePdfFileName(invoice.invoiceNumber),
  };
}

export const getInvoice: Handler<'getInvoice'> = async (ctx, payload) => {
  const { invoice } = await ownInvoice(ctx, payload);
  return invoiceOf(ctx, invoice);
};

/** The invoice's PDF, rendered when asked from what the invoice holds now (its balance included). */
export const getInvoicePdf: Handler<'getInvoicePdf'> = async (ctx, payload) => {
  const { account, invoice } = await ownInvoice(ctx, payload);
  const shown = await invoiceOf(ctx, invoice);
  const storefront = await findStorefrontIdentity(ctx.db, payload.storefrontId);
  // An order's invoice is addressed as its order was; the history before the portal, to the account's addresses.
  const quote = invoice.quoteId ? await findQuote(ctx.db, invoice.quoteId) : undefined;
  const accountAddress = (kind: 'billing' | 'shipping') => ({
    address: account[`${kind}Street`] ?? '',
    address2: '',
    city: account[`${kind}City`] ?? '',
    state: account[`${kind}State`] ?? '',
    zip: account[`${kind}PostalCode`] ?? '',
    country: account[`${kind}Country`] ?? '',
  });
  const title = invoice.kind === 'CreditMemo' ? 'Credit memo' : 'Invoice';
  const bytes = await renderOrderPdf({
    company: storefront?.name ?? account.name,
    orderNumber: invoice.orderNumber ?? '-',
    title: `${title} ${invoice.invoiceNumber}`,
    date: invoice.invoiceDate,
    facts: [
      { label: 'Due date', value: invoice.dueDate },
      { label: 'Order', value: invoice.orderNumber ?? '-' },
      { label: 'Status', value: shown.status },
      ...(invoice.costCentreCode ? [{ label: 'Cost centre / grant', value: invoice.costCentreCode }] : []),
    ],
    currency: invoice.currency,
    billTo: addressLines(account.name, quote ? billingParts(quote) : accountAddress('billing')),
    shipTo: addressLines(
      quote?.shippingContactName ?? account.name,
      quote ? shippingParts(quote) : accountAddress('shipping'),
    ),
    poNumber: invoice.poNumber,
    paymentTerms: invoice.paymentTerms,
    details: [],
    lines: shown.lines,
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    shipping: invoice.shipping,
    surcharge: 0,
    tax: invoice.tax,
    total: invoice.amount,
    settlement: [
      ...shown.payments.map((payment) => ({
        label: `${payment.method} ${payment.reference} (${payment.paidOn})`,
        amount: -payment.amount,
      })),
      { label: 'Balance due', amount: invoice.balance },
    ],
  });
  const content = Buffer.from(bytes);
  return {
    fileName: shown.pdfFileName,
    contentType: 'application/pdf',
    size: content.byteLength,
    content: content.toString('base64'),
  };
};

/**
 * The invoice of an order just placed, in the order's transaction: paid by card at checkout, it is paid
 * already (the card payments applied); on account, it is open and due after the account's terms, less what a
 * card payment made before the total grew already covers.
 */
export async function invoiceOrder(
  ctx: HandlerContext,
  account: AccountRow,
  quote: QuoteRow,
  order: OrderDocument,
): Promise<InvoiceRow> {
  const cards = (await appliedQuotePayments(ctx.db, quote.id)).filter((payment) => payment.kept > 0);
  const amount = order.total;
  const balance = leftToPay(amount, paidAmount(cards));
  const card = balance === 0 && cards.length > 0;
  const invoice = await insertInvoice(
    ctx.db,
    {
      invoiceNumber: invoiceNumberOf(order.orderNumber),
      storefrontId: quote.storefrontId,
      // A guest's order is billed to the company they named, never to the guest account all guests share.
      accountId:
        quote.guestSecretHash === null ? quote.accountId : (quote.billToAccountId ?? quote.accountId),
      quoteId: quote.id,
      orderNumber: order.orderNumber,
      poNumber: quote.poNumber,
      costCentreCode: quote.costCentreCode,
      kind: 'Invoice',
      invoiceDate: order.date,
      dueDate: card ? order.date : addDays(order.date, account.invoiceTermDays),
      paymentTerms: card ? PAID_BY_CARD_TERMS : netTerms(account.invoiceTermDays),
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      shipping: order.shipping + order.surcharge,
      tax: order.tax,
      amount,
      balance,
    },
    order.lines,
    cards.map((payment) => ({
      paidOn: order.date,
      method: `${payment.brand} ending ${payment.last4}`,
      reference: payment.id,
      amount: payment.kept,
    })),
  );
  if (card) await recordInvoicePaid(ctx, invoice);
  return invoice;
}

/**
 * The business event of an invoice paid in full (docs/decisions/0058-business-events.md), in the transaction
 * that paid it. Several invoices paid at once are recorded in invoice number order (their subjects' lock order).
 */
export async function recordInvoicePaid(ctx: HandlerContext, invoice: InvoiceRow): Promise<void> {
  await recordBusinessEvent(ctx.db, {
    storefrontId: invoice.storefrontId,
    type: 'invoice.paid',
    subject: `invoice:${invoice.invoiceNumber}`,
    data: {
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      poNumber: invoice.poNumber,
      accountId: invoice.accountId,
      currency: invoice.currency,
      amount: invoice.amount,
      paidOn: ctx.today,
    },
  });
}
