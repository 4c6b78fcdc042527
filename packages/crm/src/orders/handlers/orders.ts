import {
  fileDownloadPath,
  MAX_ORDER_EXPORT_ROWS,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderDocument,
  type OrderSummary,
} from '@storefront/contracts';
import { addressLines, shippingParts, storedCharges } from '../../cart';
import { belongsToStorefront } from '../../core/access';
import { findAccount } from '../../core/accounts';
import { toCsv } from '../../core/csv';
import { CrmHttpError, forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import type { CrmDb } from '../../db/open';
import { changeOrder } from '../life';
import {
  accountBuyers,
  buyerName,
  changeOrderStatus,
  chargedCostCentre,
  contactName,
  findStorefrontOrder,
  invoicesOfOrder,
  knownLots,
  listAccountOrders,
  type OrderLine,
  type OrderListRow,
  type OrderRecord,
  orderLines,
  shipmentsOf,
  statusHistory,
} from '../queries/order-life';
import { quantitiesBySku, shippedByLine, shippingMethodOf } from '../rules/order-life';

/**
 * The buyer's orders (docs/decisions/0057-order-life.md): the account's orders, one with its timeline,
 * shipments and documents, and cancelling one the supplier has not confirmed yet. Another account's order is
 * refused (403), another storefront's is none (404).
 */

/** The account the call acts for, which must be one of the storefront's (else 403). */
async function ownAccount(ctx: HandlerContext, storefrontId: string, accountId: string) {
  const account = await findAccount(ctx.db, accountId);
  if (!account || !belongsToStorefront(account, storefrontId)) throw forbidden();
  return account;
}

const noSuchOrder = () => notFound('there is no order with this number.', 'orderNumber');

/** The account's own order: none of that number on the storefront is 404, another account's 403. */
function ownOrder(record: OrderRecord | undefined, accountId: string): OrderRecord {
  if (!record) throw noSuchOrder();
  if (record.quote.accountId !== accountId) throw forbidden();
  return record;
}

/**
 * The account's own order of the storefront with its lines, as ordered (another account's 403, none 404): what
 * a reorder starts from.
 */
export async function accountOrderLines(
  db: CrmDb,
  storefrontId: string,
  orderNumber: string,
  accountId: string,
): Promise<{ orderNumber: string; currency: string; lines: OrderLine[] }> {
  const { order, quote } = ownOrder(await findStorefrontOrder(db, storefrontId, orderNumber), accountId);
  return {
    orderNumber: order.orderNumber,
    currency: quote.currency,
    lines: await orderLines(db, order.quoteId),
  };
}

function summaryOf(row: OrderListRow): OrderSummary {
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    poNumber: row.poNumber,
    costCentre: row.costCentre,
    buyerName: row.buyerName,
    currency: row.currency,
    total: row.total,
  };
}

export const getOrders: Handler<'getOrders'> = async (ctx, payload) => {
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const [{ rows, totalSize }, buyers] = await Promise.all([
    listAccountOrders(ctx.db, payload.storefrontId, account.id, payload, payload),
    accountBuyers(ctx.db, payload.storefrontId, account.id),
  ]);
  return {
    orders: rows.map(summaryOf),
    totalSize,
    page: payload.page,
    pageSize: payload.pageSize,
    buyers,
  };
};

// Columns are only ever appended: spreadsheets and imports read them by position.
const CSV_HEADER = [
  'Order number',
  'Placed',
  'Status',
  'PO number',
  'Buyer',
  'Currency',
  'Total',
  'Cost centre',
] as const;

/** The list as the page filters it, every page of it, as CSV (cells a spreadsheet would run made safe). */
export const exportOrders: Handler<'exportOrders'> = async (ctx, payload) => {
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const { rows } = await listAccountOrders(ctx.db, payload.storefrontId, account.id, payload, {
    page: 1,
    pageSize: MAX_ORDER_EXPORT_ROWS,
  });
  return {
    fileName: `orders-${ctx.today}.csv`,
    contentType: 'text/csv',
    content: toCsv([
      CSV_HEADER,
      ...rows.map((row) => [
        row.orderNumber,
        row.placedAt.toISOString().slice(0, 10),
        ORDER_STATUS_LABELS[row.status],
        row.poNumber ?? '',
        row.buyerName,
        row.currency,
        row.total,
        row.costCentre?.code ?? '',
      ]),
    ]),
    rowCount: rows.length,
  };
};

/** Where the browser opens an invoice: the billing portal's invoice page. */
const invoicePagePath = (invoiceId: string) => `/viewInvoice?invoiceId=${encodeURIComponent(invoiceId)}`;
/** Where a product's certificate of analysis of a lot is made (the product documents route). */
const certificatePath = (slug: string, lotNumber: string) =>
  `/products/${encodeURIComponent(slug)}/documents/coa-${encodeURIComponent(lotNumber)}.pdf`;

/**
 * The order's documents: its PDF (to the buyer who placed it: its download serves them alone), the account's
 * invoices and credit memos of it, and a certificate of analysis of each lot shipped that the catalogue knows.
 */
async function documentsOf(
  db: CrmDb,
  record: OrderRecord,
  lines: readonly { sku: string; slug: string }[],
  lots: readonly { sku: string; lotNumber: string }[],
  viewerId: string | undefined,
): Promise<OrderDocument[]> {
  const { order, quote } = record;
  const [invoices, known] = await Promise.all([
    invoicesOfOrder(db, quote.accountId, order.orderNumber),
    knownLots(db, record.account.organisationId, lots),
  ]);
  const placedByViewer =
    viewerId !== undefined && quote.contactId === viewerId && quote.guestSecretHash === null;
  const slugs = new Map(lines.map((line) => [line.sku, line.slug]));
  const certificates = new Map<string, OrderDocument>();
  for (const { sku, lotNumber } of lots) {
    const slug = slugs.get(sku);
    const key = `${sku} ${lotNumber}`;
    if (!slug || !known.has(key) || certificates.has(key)) continue;
    certificates.set(key, {
      kind: 'certificate',
      label: `Certificate of analysis, ${sku} lot ${lotNumber}`,
      href: certificatePath(slug, lotNumber),
    });
  }
  return [
    ...(placedByViewer
      ? [
          {
            kind: 'order' as const,
            label: `Order ${order.orderNumber} (PDF)`,
            href: fileDownloadPath(order.pdfFileId),
          },
        ]
      : []),
    ...invoices.map((invoice) => ({
      kind: 'invoice' as const,
      label: `${invoice.kind === 'CreditMemo' ? 'Credit memo' : 'Invoice'} ${invoice.invoiceNumber}`,
      href: invoicePagePath(invoice.id),
    })),
    ...certificates.values(),
  ];
}

/** The order as the buyer's order page shows it. */
async function orderDetail(
  db: CrmDb,
  record: OrderRecord,
  viewerId: string | undefined,
): Promise<OrderDetail> {
  const { order, quote } = record;
  const [lines, shipments, history] = await Promise.all([
    orderLines(db, order.quoteId),
    shipmentsOf(db, order.quoteId),
    statusHistory(db, order.quoteId),
  ]);
  const shippedLines = shipments.flatMap((shipment) => shipment.lines);
  const shipped = shippedByLine(lines, quantitiesBySku(shippedLines));
  const lots = shippedLines.flatMap(({ sku, lotNumber }) => (lotNumber ? [{ sku, lotNumber }] : []));
  const charges = storedCharges(quote);
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    poNumber: quote.poNumber,
    costCentre: chargedCostCentre(quote),
    buyerName: buyerName(record),
    currency: quote.currency,
    total: quote.total,
    erpOrderNumber: order.erpOrderNumber,
    cancellable: order.status === 'placed',
    shipTo: addressLines(quote.shippingContactName ?? quote.shippingLocationName, shippingParts(quote)),
    shippingMethod: shippingMethodOf(quote),
    lines: lines.map((line, index) => ({
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      shippedQty: shipped[index] ?? 0,
    })),
    subtotal: quote.subtotal,
    discount: quote.discount,
    shipping: charges.shipping + charges.surcharge,
    tax: charges.tax,
    history,
    shipments,
    documents: await documentsOf(db, record, lines, lots, viewerId),
  };
}

export const getOrder: Handler<'getOrder'> = async (ctx, payload) => {
  const record = ownOrder(
    await findStorefrontOrder(ctx.db, payload.storefrontId, payload.orderNumber),
    payload.accountId,
  );
  return orderDetail(ctx.db, record, payload.contactId);
};

/**
 * The buyer cancels an order the supplier has not confirmed yet; once confirmed only the supplier can (the
 * ERP, through the operations API). Made under the order's lock, so an ERP confirming at the same moment
 * either comes first (and the buyer is refused) or finds the order cancelled.
 */
export const cancelOrder: Handler<'cancelOrder'> = async (ctx, payload) => {
  const detail = await changeOrder(ctx.db, payload.storefrontId, payload.orderNumber, {
    missing: noSuchOrder,
    change: async (tx, locked) => {
      const { order } = ownOrder(locked, payload.accountId);
      if (order.status !== 'placed') {
        throw new CrmHttpError(
          409,
          'ORDER_NOT_CANCELLABLE',
          order.status === 'cancelled'
            ? `order ${order.orderNumber} is cancelled already.`
            : `order ${order.orderNumber} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: only an order not yet confirmed can be cancelled here. Contact us to change it.`,
        );
      }
      const reason = payload.reason || null;
      await changeOrderStatus(tx, order.quoteId, {
        status: 'cancelled',
        at: new Date(),
        actor: 'buyer',
        by: (payload.contactId && (await contactName(tx, payload.contactId))) || 'Buyer',
        note: reason,
      });
      await ctx.settleCancelledOrder(tx, {
        quoteId: order.quoteId,
        orderNumber: order.orderNumber,
        today: ctx.today,
      });
      return { kind: 'cancelled', reason };
    },
    answer: (tx, record) => orderDetail(tx, record, payload.contactId),
  });
  void ctx.mail.deliver();
  void ctx.refunds.settle();
  void ctx.events.deliver();
  return detail;
};
