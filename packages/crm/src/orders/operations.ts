import type { OperationsOrder, OrderStatus } from '@storefront/contracts';
import type { OperationsContext, OperationsHandlers } from '../core/operations-handler';
import { OperationsRefusal } from '../core/operations-handler';
import type { CrmDb } from '../db/open';
import { changeOrder, type OrderNews } from './life';
import {
  buyerName,
  changeOrderStatus,
  chargedCostCentre,
  findStorefrontOrder,
  insertShipment,
  listStorefrontOrders,
  type OrderListRow,
  type OrderRecord,
  orderLines,
  shipmentsOf,
  statusHistory,
  UnknownCursorError,
} from './queries/order-life';
import {
  doesNotFollow,
  follows,
  quantitiesBySku,
  shipmentProblems,
  shippedByLine,
  statusByShipped,
  trackingUrlOf,
  versionConflict,
} from './rules/order-life';

/**
 * The ERP's side of an order's life through the operations API (docs/decisions/0057-order-life.md): it reads
 * the storefront's orders and confirms, ships, delivers or cancels them. Every change names the version it was
 * made against, and only a status that follows is taken, so a late or repeated message never moves an order
 * backwards; the operations frame answers a repeated Idempotency-Key with the first answer.
 */

/** How far ahead of this server's clock a time the ERP sends may be (clocks drift). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const noSuchOrder = (orderNumber: string) =>
  new OperationsRefusal(404, 'ORDER_NOT_FOUND', `This storefront has no order ${orderNumber}.`);

function refuseMove(current: OrderStatus, next: OrderStatus): never {
  throw new OperationsRefusal(409, 'STATUS_DOES_NOT_FOLLOW', doesNotFollow(current, next));
}

function summaryOf(row: OrderListRow) {
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    version: row.version,
    erpOrderNumber: row.erpOrderNumber,
    placedAt: row.placedAt.toISOString(),
    accountId: row.accountId,
    accountName: row.accountName,
    poNumber: row.poNumber,
    currency: row.currency,
    total: row.total,
  };
}

/** The order as the operations API answers it: its lines with what has shipped, shipments and timeline. */
async function operationsOrder(db: CrmDb, record: OrderRecord): Promise<OperationsOrder> {
  const { order, quote } = record;
  const [lines, shipments, history] = await Promise.all([
    orderLines(db, order.quoteId),
    shipmentsOf(db, order.quoteId),
    statusHistory(db, order.quoteId),
  ]);
  const shipped = shippedByLine(lines, quantitiesBySku(shipments.flatMap((shipment) => shipment.lines)));
  return {
    ...summaryOf({
      ...order,
      accountId: record.account.id,
      accountName: record.account.name,
      poNumber: quote.poNumber,
      costCentre: chargedCostCentre(quote),
      currency: quote.currency,
      total: quote.total,
      buyerName: buyerName(record),
    }),
    buyer: {
      name: buyerName(record),
      email: record.contact?.email ?? quote.billingContactEmail ?? null,
    },
    shipTo: {
      name: quote.shippingContactName ?? quote.shippingLocationName,
      address: quote.shippingAddress,
      address2: quote.shippingAddress2,
      city: quote.shippingCity,
      state: quote.shippingState,
      zip: quote.shippingZip,
      country: quote.shippingCountry,
      email: quote.shippingContactEmail,
      phone: quote.shippingContactPhone,
    },
    lines: lines.map((line, index) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.qty,
      unitPrice: line.unitPrice,
      shippedQuantity: shipped[index] ?? 0,
    })),
    shipments,
    history,
  };
}

/** A time the ERP gives for a change: not in the future, not before the order was placed. */
function timeOf(value: string | undefined, field: string, record: OrderRecord, now: Date): Date {
  if (value === undefined) return now;
  const at = new Date(value);
  const problem =
    at.getTime() > now.getTime() + CLOCK_SKEW_MS
      ? 'must not be in the future'
      : at < record.order.placedAt
        ? `must not be before the order was placed (${record.order.placedAt.toISOString()})`
        : null;
  if (problem)
    throw new OperationsRefusal(422, 'INVALID_TIME', `${field} ${problem}.`, [
      { row: null, column: field, message: problem },
    ]);
  return at;
}

/** A change by the ERP: made against the order's current version only, answered with the order after it. */
async function erpChange(
  ctx: OperationsContext,
  orderNumber: string,
  version: number,
  change: (tx: CrmDb, record: OrderRecord) => Promise<OrderNews>,
): Promise<OperationsOrder> {
  const answer = await changeOrder(ctx.db, ctx.storefrontId, orderNumber, {
    missing: () => noSuchOrder(orderNumber),
    change: async (tx, record) => {
      if (record.order.version !== version)
        throw new OperationsRefusal(409, 'VERSION_CONFLICT', versionConflict(version, record.order));
      return change(tx, record);
    },
    answer: operationsOrder,
  });
  void ctx.mail.deliver();
  void ctx.refunds.settle();
  void ctx.events.deliver();
  return answer;
}

export const ORDER_OPERATIONS: OperationsHandlers<
  'listOrders' | 'getOrder' | 'confirmOrder' | 'addShipment' | 'deliverOrder' | 'cancelOrder'
> = {
  listOrders: async (ctx, { query }) => {
    try {
      const rows = await listStorefrontOrders(ctx.db, ctx.storefrontId, query);
      const last = rows.at(-1);
      return {
        orders: rows.map(summaryOf),
        next: rows.length === query.limit && last ? last.orderNumber : null,
      };
    } catch (error) {
      if (!(error instanceof UnknownCursorError)) throw error;
      throw new OperationsRefusal(
        400,
        'INVALID_REQUEST',
        'after: send the `next` a previous page answered (an order number of this storefront).',
        [{ row: null, column: 'after', message: 'is not an order of this storefront' }],
      );
    }
  },

  getOrder: async (ctx, { params }) => {
    const record = await findStorefrontOrder(ctx.db, ctx.storefrontId, params.orderNumber);
    if (!record) throw noSuchOrder(params.orderNumber);
    return operationsOrder(ctx.db, record);
  },

  confirmOrder: (ctx, { params, body }) =>
    erpChange(ctx, params.orderNumber, body.version, async (tx, { order }) => {
      if (!follows(order.status, 'confirmed')) refuseMove(order.status, 'confirmed');
      await changeOrderStatus(tx, order.quoteId, {
        status: 'confirmed',
        at: ctx.now(),
        actor: 'erp',
        by: ctx.actor,
        note: null,
        erpOrderNumber: body.erpOrderNumber,
      });
      return { kind: 'confirmed' };
    }),

  addShipment: (ctx, { params, body }) =>
    erpChange(ctx, params.orderNumber, body.version, async (tx, record) => {
      const { order } = record;
      if (!follows(order.status, 'partially_shipped') && !follows(order.status, 'shipped'))
        refuseMove(order.status, 'shipped');
      const [lines, earlier] = await Promise.all([
        orderLines(tx, order.quoteId),
        shipmentsOf(tx, order.quoteId),
      ]);
      const ordered = quantitiesBySku(lines.map((line) => ({ sku: line.sku, quantity: line.qty })));
      const before = earlier.flatMap((shipment) => shipment.lines);
      const problems = shipmentProblems(ordered, quantitiesBySku(before), body.lines);
      if (problems.length > 0)
        throw new OperationsRefusal(
          422,
          'SHIPMENT_LINES_REFUSED',
          problems.map((problem) => problem.message).join(' '),
          problems.map((problem) => ({
            row: null,
            column: `lines.${problem.index}.${problem.field}`,
            message: problem.message,
          })),
        );
      const shippedAt = timeOf(body.shippedAt, 'shippedAt', record, ctx.now());
      const status = statusByShipped(ordered, quantitiesBySku([...before, ...body.lines]));
      if (!follows(order.status, status)) refuseMove(order.status, status);
      const shipment = {
        carrier: body.carrier,
        service: body.service ?? null,
        trackingNumber: body.trackingNumber,
        trackingUrl: trackingUrlOf(body.carrier, body.trackingNumber, body.trackingUrl),
        shippedAt,
        lines: body.lines.map((line) => ({ ...line, lotNumber: line.lotNumber ?? null })),
      };
      const shipmentId = await insertShipment(tx, order.quoteId, shipment);
      await changeOrderStatus(tx, order.quoteId, {
        status,
        at: shippedAt,
        actor: 'erp',
        by: ctx.actor,
        note: `${body.carrier} ${body.trackingNumber}`,
      });
      return { kind: 'shipped', shipment: { ...shipment, shipmentId, shippedAt: shippedAt.toISOString() } };
    }),

  deliverOrder: (ctx, { params, body }) =>
    erpChange(ctx, params.orderNumber, body.version, async (tx, record) => {
      const { order } = record;
      if (!follows(order.status, 'delivered')) refuseMove(order.status, 'delivered');
      await changeOrderStatus(tx, order.quoteId, {
        status: 'delivered',
        at: timeOf(body.deliveredAt, 'deliveredAt', record, ctx.now()),
        actor: 'erp',
        by: ctx.actor,
        note: null,
      });
      return { kind: 'delivered' };
    }),

  cancelOrder: (ctx, { params, body }) =>
    erpChange(ctx, params.orderNumber, body.version, async (tx, { order }) => {
      if (!follows(order.status, 'cancelled')) refuseMove(order.status, 'cancelled');
      await changeOrderStatus(tx, order.quoteId, {
        status: 'cancelled',
        at: ctx.now(),
        actor: 'erp',
        by: ctx.actor,
        note: body.reason,
      });
      await ctx.settleCancelledOrder(tx, {
        quoteId: order.quoteId,
        orderNumber: order.orderNumber,
        today: ctx.now().toISOString().slice(0, 10),
      });
      return { kind: 'cancelled', reason: body.reason };
    }),
};
