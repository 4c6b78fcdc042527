import { z } from 'zod';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';

/**
 * Placing the order (spec C§4 "Summary and submit", C§7 blinkCheckout): the checked-out quote gets an order
 * number, a PDF of the order kept as its QPDF file, and a confirmation mail. The rules are in
 * docs/decisions/0019-placing-an-order.md.
 */

/** The confirmation page of an order: where the checkout goes, and where the buyer's notification leads. */
export function confirmationPath(orderNumber: string): string {
  return `/checkout/confirmation/${encodeURIComponent(orderNumber)}`;
}

/** Spec C§5, C§8 and the step checks: the texts a person reads, verbatim. */
export const CHECKOUT_MESSAGES = {
  pdfTemplateNotSet: 'Error - Quote PDF template is not set',
  emptyCart: 'ERROR: Your cart is empty.',
  shippingAddress: 'ERROR: Please enter a valid shipping address.',
  shippingMethod: 'ERROR: Please choose a shipping method.',
  billingAddress: 'ERROR: Please enter a billing address.',
  poNumber: 'ERROR: Please enter a PO Number.',
  paymentRequired: 'ERROR: Payment is required. Please pay online before placing the order.',
  taxNotCalculated: 'ERROR: Tax could not be calculated for the shipping address.',
} as const;

/** The order's total grew after a card payment that the terms require to cover all of it. */
export const remainingPaymentMessage = (remaining: string) =>
  `ERROR: The order total changed after your card payment. Please pay the remaining ${remaining} by card to place the order.`;

/** An order number: SO, the year it was placed, and its place in that year's sequence (SO-2026-000123). */
export const ORDER_NUMBER_PATTERN = /^SO-\d{4}-\d{6,}$/;
const orderNumber = text().trim().regex(ORDER_NUMBER_PATTERN, 'must be an order number like SO-2026-000123');

/** The order's PDF, served to the quote's account at /api/files/{cvId}. */
const orderPdfSchema = z.object({ cvId: z.string(), fileName: z.string() });

/** blinkCheckout's answer; alreadySubmitted is true when the quote was already an order (a repeated submit). */
const placedOrderSchema = z.object({
  orderNumber: z.string(),
  quoteId: z.string(),
  alreadySubmitted: z.boolean(),
  pdf: orderPdfSchema,
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

const orderLineSchema = z.object({
  sku: z.string(),
  name: z.string(),
  qty: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** getOrderConfirmation's answer: what the confirmation page shows of the order. */
const orderConfirmationSchema = z.object({
  orderNumber: z.string(),
  quoteId: z.string(),
  placedAt: z.string(),
  currency: z.string(),
  poNumber: z.string().nullable(),
  /** The ship-to contact and address, a line each, as the order's PDF prints them. */
  shipTo: z.array(z.string()),
  /** The carrier and service ('UPS Ground'); null when the order ships without a chosen method. */
  shippingMethod: z.string().nullable(),
  /** The account's payment terms the order was placed on ('Payment Required', 'No Payment'). */
  paymentTerms: z.string(),
  /** The checkout's custom form values, as labelled when the buyer saved them. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  lines: z.array(orderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  surcharge: z.number(),
  tax: z.number(),
  total: z.number(),
  pdf: orderPdfSchema.nullable(),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

// Orders are one account's and are made by these calls: never cached.
const orderRow = { group: 'ecommerce', cacheable: false } as const;

export const CHECKOUT_CRM_TYPES = {
  /**
   * Places the order of the caller's own quote with the checkout template templateId: checks every step on
   * the server, commits the tax, numbers the order, stores its PDF and queues its mail, all in one
   * transaction under the quote's lock. A quote that is already an order answers that order. An order over
   * the buyer's spending limits or its budget is not placed: it waits for approval, answered as a 409
   * AWAITING_APPROVAL saying by whom (docs/decisions/0064-approvals-and-limits.md).
   */
  blinkCheckout: crmType({
    ...orderRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      templateId: id,
      /** The buyer's user type, bound by the gateway: a role's spending limit applies to it (decision 0064). */
      userType: text().max(40).optional(),
    }),
    answer: placedOrderSchema,
  }),
  /** The caller's own order by its number (403 another account's or guest's, 404 none). */
  getOrderConfirmation: crmType({
    ...orderRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, orderNumber }),
    answer: orderConfirmationSchema,
  }),
};
