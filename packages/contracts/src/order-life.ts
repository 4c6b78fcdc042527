import { z } from 'zod';

/**
 * An order's life after it is placed (issue 32): the supplier's ERP confirms, ships and delivers it through the
 * operations API; the supplier or, while it is not yet confirmed, the buyer cancels it. Shared by the operations
 * API and the buyer's order pages.
 */
export const ORDER_STATUSES = [
  'placed',
  'confirmed',
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a buyer reads for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * The statuses each status may move to; anything else is refused, so a late or repeated message never moves an
 * order backwards. Shipping is recorded by adding shipments: an order becomes partially shipped or shipped by
 * what its shipments hold.
 */
export const ORDER_STATUS_NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['confirmed', 'partially_shipped', 'shipped', 'cancelled'],
  confirmed: ['partially_shipped', 'shipped', 'cancelled'],
  partially_shipped: ['partially_shipped', 'shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Who made a change: the ERP (through the operations API), a buyer, or the storefront itself. */
export const ORDER_ACTORS = ['erp', 'buyer', 'storefront'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  /** ISO 8601 instant. */
  at: z.string(),
  actor: z.enum(ORDER_ACTORS),
  /** The buyer's name, or the operations key's name. */
  by: z.string(),
  note: z.string().nullable(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

export const shipmentLineSchema = z.object({
  sku: z.string(),
  quantity: z.number().int().positive(),
  lotNumber: z.string().nullable(),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const shipmentSchema = z.object({
  shipmentId: z.string(),
  carrier: z.string(),
  service: z.string().nullable(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  /** ISO 8601 instant. */
  shippedAt: z.string(),
  lines: z.array(shipmentLineSchema),
});
export type Shipment = z.infer<typeof shipmentSchema>;
