import { z } from 'zod';
import { crmType } from './crm-base';
import { csvExportSchema } from './crm-cart-records';
import { catalogueScope, id, text } from './crm-fields';
import { invoicePaging, isoDate, rangeInOrder } from './crm-invoices';
import { ORDER_STATUSES, orderStatusChangeSchema, shipmentSchema } from './order-life';

/**
 * The buyer's orders (issue 32): /billing/orders lists the account's orders, /billing/orders/{orderNumber} shows
 * one with its status timeline, shipments and documents. Every type acts for one account of one storefront (the
 * gateway binds both from the principal); another account's order is refused, never shown.
 */

/** The buyer's page of one order (/billing/orders/{orderNumber}): where notifications and mail lead. */
export function orderPagePath(orderNumber: string): string {
  return `/billing/orders/${encodeURIComponent(orderNumber)}`;
}

/** Most orders one CSV export holds. */
export const MAX_ORDER_EXPORT_ROWS = 5000;

/** One row of the orders page. */
export const orderSummarySchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  placedAt: z.string(),
  poNumber: z.string().nullable(),
  /** The cost centre or grant code the order is charged to (docs/decisions/0063-cost-centres.md). */
  costCentre: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** The buyer (contact) who placed it. */
  buyerName: z.string(),
  currency: z.string(),
  total: z.number(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListSchema = z.object({
  orders: z.array(orderSummarySchema),
  totalSize: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** The account's buyers who placed orders, for the buyer filter. */
  buyers: z.array(z.object({ contactId: z.string(), name: z.string() })),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** The orders page's filters, as its query string and getOrders / exportOrders take them. */
export const orderFilters = {
  status: z.enum(ORDER_STATUSES).optional(),
  /** Placed from and to (dates, inclusive). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** A part of the PO number, any letter case. */
  poNumber: text().trim().max(80).optional(),
  /** The contact who placed the order. */
  buyerId: id.optional(),
  /** The cost centre or grant code charged, any letter case (what a code's spend is made of). */
  costCentre: text().trim().max(40).optional(),
};

/** A document of an order a buyer may download. */
export const orderDocumentSchema = z.object({
  kind: z.enum(['order', 'invoice', 'certificate']),
  label: z.string(),
  /** Where the browser downloads it (a same-origin path). */
  href: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  erpOrderNumber: z.string().nullable(),
  /** The buyer may still cancel it (placed, not yet confirmed). */
  cancellable: z.boolean(),
  shipTo: z.array(z.string()),
  shippingMethod: z.string().nullable(),
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      qty: z.number(),
      unitPrice: z.number(),
      lineTotal: z.number(),
      shippedQty: z.number(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  history: z.array(orderStatusChangeSchema),
  shipments: z.array(shipmentSchema),
  documents: z.array(orderDocumentSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const orderRef = { ...catalogueScope, orderNumber: text().trim().min(1).max(40) };
/**
 * Bound by the gateway to the signed-in user's contact: the buyer who cancels is named in the order's timeline,
 * and the order's PDF is offered to the buyer who placed it (the one its download serves).
 */
const viewer = { contactId: id.optional() };
// Statuses change whenever the ERP reports: nothing here is cached.
const row = { group: 'billingportal', cacheable: false } as const;

export const ORDER_CRM_TYPES = {
  /** The account's orders, newest first, filtered and paged. */
  getOrders: crmType({
    ...row,
    method: 'GET',
    payload: rangeInOrder(z.object({ ...catalogueScope, ...orderFilters, ...invoicePaging })),
    answer: orderListSchema,
  }),
  /** The filtered list (every page) as a CSV file. */
  exportOrders: crmType({
    ...row,
    method: 'GET',
    payload: rangeInOrder(z.object({ ...catalogueScope, ...orderFilters })),
    answer: csvExportSchema,
  }),
  /** One order of the account with its timeline, shipments and documents; another account's: 403. */
  getOrder: crmType({
    ...row,
    method: 'GET',
    payload: z.object({ ...orderRef, ...viewer }),
    answer: orderDetailSchema,
  }),
  /** The buyer cancels an order the supplier has not confirmed yet; answers the order as it now is. */
  cancelOrder: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...orderRef, ...viewer, reason: text().trim().max(500).optional() }),
    answer: orderDetailSchema,
  }),
};
