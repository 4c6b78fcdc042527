import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, quantity, text } from './crm-fields';
import { quoteItemsSchema } from './crm-quotes';

/**
 * Reorder (issue 33; docs/decisions/0061-reorder.md): an order's lines put in the buyer's active cart again at
 * today's prices for the account acted for. The CRM says of each line whether it can be ordered today and why
 * not, its price then and now, and a discontinued product's replacement; adding prices every line itself.
 */

/** The reorder view of an order: /billing/orders/{orderNumber}/reorder. */
export function reorderPath(orderNumber: string): string {
  return `/billing/orders/${encodeURIComponent(orderNumber)}/reorder`;
}

/**
 * Whether a line can go in the cart today: yes; no longer sold (perhaps with a replacement); not in the
 * account's catalogue; or its quantity breaks the cart's rules (the cart's line would hold too many).
 */
export const REORDER_LINE_STATUSES = ['available', 'discontinued', 'unavailable', 'quantity'] as const;
export type ReorderLineStatus = (typeof REORDER_LINE_STATUSES)[number];

/** A product as the account buys it today: its price at the line's quantity. */
const todaysItemSchema = z.object({
  sku: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});

export const reorderLineSchema = z.object({
  sku: z.string(),
  name: z.string(),
  /** The quantity ordered, which a reorder asks for unless the buyer changes it. */
  qty: z.number(),
  /** The unit price on the order, in the order's currency. */
  orderedUnitPrice: z.number(),
  status: z.enum(REORDER_LINE_STATUSES),
  /** Why the line cannot be reordered as it is; null when it can. */
  problem: z.string().nullable(),
  /** The product today, for this account, at the ordered quantity; null when the account cannot buy it. */
  today: todaysItemSchema.nullable(),
  /** Today's unit price differs from the ordered one (or is in another currency). */
  priceChanged: z.boolean(),
  /** What a discontinued product's buyers order instead, priced for this account; null when there is none. */
  replacement: todaysItemSchema.nullable(),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

export const reorderSchema = z.object({
  orderNumber: z.string(),
  /** The order's currency (its prices) and the account's catalogue's today (today's prices). */
  orderCurrency: z.string(),
  currency: z.string(),
  lines: z.array(reorderLineSchema),
});
export type Reorder = z.infer<typeof reorderSchema>;

/** A line chosen for the cart: the order's SKU, the quantity, and whether its replacement goes in instead. */
export const reorderChoiceSchema = z.object({
  sku: text().trim().min(1, 'must not be empty').max(64),
  qty: quantity(1, 'must be at least 1'),
  replacement: z.boolean().default(false),
});
export type ReorderChoice = z.output<typeof reorderChoiceSchema>;

/** What went in (at the price the cart gave it) and what did not, with why. */
export const reorderResultSchema = quoteItemsSchema.extend({
  orderNumber: z.string(),
  added: z.array(z.object({ sku: z.string(), name: z.string(), qty: z.number(), unitPrice: z.number() })),
  notAdded: z.array(z.object({ sku: z.string(), name: z.string(), problem: z.string() })),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

const orderRef = { ...catalogueScope, orderNumber: text().trim().min(1).max(40) };
/** Bound by the gateway to the signed-in user's contact: whose active cart the lines go in. */
const buyer = { contactId: id.optional() };
// Prices and the catalogue change at any time: nothing here is cached.
const row = { group: 'billingportal', cacheable: false } as const;

export const REORDER_CRM_TYPES = {
  /** The order's lines as a reorder would take them today; another account's order 403, none 404. */
  getReorder: crmType({
    ...row,
    method: 'GET',
    payload: z.object({ ...orderRef, ...buyer }),
    answer: reorderSchema,
  }),
  /**
   * Adds the chosen lines (or their replacements) to the buyer's active cart, priced by the cart under its
   * lock; a line that cannot be ordered stays out and is named with why. Nothing addable at all: 400.
   */
  reorderLines: crmType({
    ...row,
    method: 'POST',
    payload: z.object({
      ...orderRef,
      ...buyer,
      lines: z.array(reorderChoiceSchema).min(1, 'choose at least one line').max(500),
    }),
    answer: reorderResultSchema,
  }),
};
