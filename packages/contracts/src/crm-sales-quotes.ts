import { z } from 'zod';
import { USER_TYPES } from './constants';
import { crmType } from './crm-base';
import { catalogueScope, id } from './crm-fields';
import { quoteItemsSchema, quoteSummarySchema } from './crm-quotes';

/**
 * Quotes prepared by sales (spec C§7 getActiveOpenCart, retrieveQuoteLines, takeThisQuote;
 * docs/decisions/0038-elearning-and-sales-quotes.md): an account manager prepares a quote for an account at
 * agreed prices; a buyer of the account reviews it line by line and takes it as their cart, once.
 */

/** Open: may be taken until it expires; Taken: a buyer made it their cart; Withdrawn: sales took it back. */
export const PREPARED_QUOTE_STATUSES = ['Open', 'Taken', 'Withdrawn'] as const;
export type PreparedQuoteStatus = (typeof PREPARED_QUOTE_STATUSES)[number];

export const preparedQuoteSchema = z.object({
  id: z.string(),
  /** The number sales quote it by, e.g. SQ-2026-0412. */
  number: z.string(),
  title: z.string(),
  preparedBy: z.string(),
  preparedByEmail: z.string(),
  note: z.string(),
  currency: z.string(),
  /** YYYY-MM-DD, the last day it may be taken. */
  validUntil: z.string(),
  status: z.enum(PREPARED_QUOTE_STATUSES),
  /** Open but past validUntil: it can no longer be taken. */
  expired: z.boolean(),
  /** The sum of the lines at the agreed prices, as the cart will price them. */
  subtotal: z.number(),
  lineCount: z.number(),
  takenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PreparedQuote = z.infer<typeof preparedQuoteSchema>;

export const preparedQuoteLineSchema = z.object({
  id: z.string(),
  catalogItemId: z.string(),
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  qty: z.number(),
  listPrice: z.number(),
  /** The price sales agreed, per unit. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** What sales wrote on the line (e.g. what the visit covers). */
  note: z.string().nullable(),
});
export type PreparedQuoteLine = z.infer<typeof preparedQuoteLineSchema>;

/** Who takes or looks: the spec's names for the caller's user type and contact, both bound by the gateway. */
const callerScope = {
  ...catalogueScope,
  userTypeAWS: z.enum(USER_TYPES).optional(),
  contactIdAWS: id.optional(),
};

// A prepared quote changes when it is taken, and the cart with it: nothing here is cached.
const salesQuoteRow = { group: 'ecommerce', cacheable: false } as const;

export const SALES_QUOTE_CRM_TYPES = {
  /** The caller's active cart (null when none) and the account's open prepared quotes, soonest to expire first. */
  getActiveOpenCart: crmType({
    ...salesQuoteRow,
    method: 'POST',
    payload: z.object(callerScope),
    answer: z.object({ cart: quoteSummarySchema.nullable(), openQuotes: z.array(preparedQuoteSchema) }),
  }),
  /** A prepared quote of the account with its lines at the agreed prices. */
  retrieveQuoteLines: crmType({
    ...salesQuoteRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, quoteId: id }),
    answer: z.object({ quote: preparedQuoteSchema, lines: z.array(preparedQuoteLineSchema) }),
  }),
  /**
   * The prepared quote becomes the caller's cart (its lines at the agreed prices); the cart they had is kept
   * as an earlier cart. A quote is taken once; an expired or withdrawn one not at all.
   */
  takeThisQuote: crmType({
    ...salesQuoteRow,
    method: 'POST',
    payload: z.object({ ...callerScope, quoteId: id }),
    answer: quoteItemsSchema,
  }),
};
