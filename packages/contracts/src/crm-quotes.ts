import { z } from 'zod';
import { OFFER_TYPES } from './catalogue';
import { USER_TYPES } from './constants';
import { crmType } from './crm-base';
import { id, quantity, quoteScope, text } from './crm-fields';

/** The quote (cart) and promo-code types of spec C§7, C§8: their payloads, answers and rows. */

/**
 * How long a guest's cart secret lives in the browser's cookie, set once at the guest's first add; a guest cart
 * untouched for longer cannot be reached again, and the CRM deletes its files (docs/decisions/0018).
 */
export const GUEST_CART_DAYS = 30;

/**
 * A quote's state: the account's cart is its newest Active quote; startNewCart sets the older one Inactive;
 * placing the order makes it Ordered.
 */
export const QUOTE_STATUSES = ['Active', 'Inactive', 'Ordered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A quote (the cart) as the quote types answer it; every amount is computed by the CRM. */
export const quoteSummarySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  contactId: z.string().nullable(),
  shipToAccountId: z.string().nullable(),
  /** The PO number the buyer gave at checkout, shown again when the page is reloaded. */
  poNumber: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  checkedOut: z.boolean(),
  currency: z.string(),
  subtotal: z.number(),
  /** The promo code discount. */
  discount: z.number(),
  /** The chosen shipping method's charge and its cold-chain surcharge; 0 until one is chosen. */
  shippingAmount: z.number(),
  shippingSurcharge: z.number(),
  /** subtotal - discount + shippingAmount + shippingSurcharge + tax (quoteTotal in the CRM). */
  total: z.number(),
  createdAt: z.string(),
  modifiedAt: z.string(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

/** A quote line with what the cart shows of its item and the tier or offer its price came from. */
export const quoteLineSchema = z.object({
  id: z.string(),
  quoteId: z.string(),
  catalogItemId: z.string(),
  name: z.string(),
  sku: z.string(),
  image: z.string().nullable(),
  unit: z.string(),
  qty: z.number(),
  unitPrice: z.number(),
  listPrice: z.number(),
  lineTotal: z.number(),
  /** The quantity tier that priced the line, null when none applied. */
  tier: z.object({ sv: z.number(), ev: z.number().nullable(), price: z.number() }).nullable(),
  qtyTierAmt: z.number().nullable(),
  offerId: z.string().nullable(),
  offerType: z.enum(OFFER_TYPES).nullable(),
  offerDiscount: z.number().nullable(),
  appliedOnField: z.string().nullable(),
  rpId: z.string().nullable(),
  /** The promo code's share of the discount on this line (lineTotal is before it). */
  promoDiscount: z.number(),
  /** The configured group (an instrument and its options, added together from /cpq) the line is in; null: none. */
  configuredGroup: z.object({ id: z.string(), role: z.enum(['Instrument', 'Option']) }).nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteItemsSchema = z.object({
  quote: quoteSummarySchema,
  lines: z.array(quoteLineSchema),
  /** The promo code applied to the quote, as the CRM spells it; null when none. */
  promoCode: z.string().nullable(),
});
export type QuoteItems = z.infer<typeof quoteItemsSchema>;

/** A cart with its lines, or none at all. */
const cartOrNoneSchema = z.union([
  quoteItemsSchema,
  z.object({ quote: z.null(), lines: z.tuple([]), promoCode: z.null() }),
]);
export type CartOrNone = z.infer<typeof cartOrNoneSchema>;

/** makeActiveCartForGuest's answer: the user's cart after the move (none when neither had one), and the items left out. */
const claimedCartSchema = z.intersection(cartOrNoneSchema, z.object({ unavailable: z.array(z.string()) }));
export type ClaimedCart = z.infer<typeof claimedCartSchema>;

const activeQuoteSchema = z.object({ quote: quoteSummarySchema.nullable() });

/** Spec C§8: the answer of getQLIsForPromoCode when no line of the quote is eligible. */
export const PROMO_CODE_NO_LINES = 'ERROR: QLIs not found for promo code application.';

export const PROMO_CODE_KINDS = ['Percent', 'Amount'] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];

/** What anyone may know of a promo code (getPromoCodeInfo). */
const promoCodeInfoSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** Percent: value % off each eligible line; Amount: value off, spread over the eligible lines. */
  kind: z.enum(PROMO_CODE_KINDS),
  value: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  appliesToAllItems: z.boolean(),
  /**
   * False once the code expired (an inactive or not yet started code is answered like an unknown one); the
   * usage limit is checked when applied.
   */
  validToday: z.boolean(),
});
export type PromoCodeInfo = z.infer<typeof promoCodeInfoSchema>;

const qty = quantity(1, 'must be at least 1');
const promoCode = text().trim().min(1, 'must not be empty').max(64);

// A cart must show its own writes at once, so the gateway never caches quote reads; a code's facts change
// with its uses and the quote it is applied to, so none of the promo-code types is cached either.
const quoteRow = { group: 'ecommerce', cacheable: false } as const;

export const QUOTE_CRM_TYPES = {
  getActiveQuote: crmType({
    ...quoteRow,
    method: 'GET',
    payload: z.object(quoteScope),
    answer: activeQuoteSchema,
  }),
  getActiveQuoteFromUser: crmType({
    ...quoteRow,
    method: 'GET',
    payload: z.object({ ...quoteScope, userType: z.enum(USER_TYPES), shipToAccountId: id.optional() }),
    /** getActiveQuote for a signed-in user, echoing who it was asked for. */
    answer: activeQuoteSchema.extend({
      userType: z.enum(USER_TYPES),
      accountId: z.string(),
      contactId: z.string().nullable(),
      shipToAccountId: z.string().nullable(),
    }),
  }),
  startNewCart: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object(quoteScope),
    answer: z.object({ quote: quoteSummarySchema }),
  }),
  /** An own quote that is not checked out becomes the user's cart; the previous one goes Inactive. */
  makeActiveCart: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id }),
    answer: quoteItemsSchema,
  }),
  /**
   * After sign-in: the guest cart of the secret becomes the signed-in user's cart, its lines repriced from
   * that account's catalogue. A claim that would move no line (none the account can buy) changes nothing;
   * the items left out are still named.
   */
  makeActiveCartForGuest: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, guestCartSecret: quoteScope.guestCartSecret.unwrap() }),
    answer: claimedCartSchema,
  }),
  saveItemToQuoteBlink: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, catalogItemId: id, qty }),
    answer: quoteItemsSchema,
  }),
  updateQLI: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      /** qty 0 removes the line. */
      lines: z
        .array(z.object({ id, qty: quantity(0, 'must be 0 (remove) or more') }))
        .min(1, 'must name at least one line')
        .max(200),
    }),
    answer: quoteItemsSchema,
  }),
  deleteLineItems: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      qliIds: z.array(id).min(1, 'must name at least one line').max(200),
    }),
    answer: quoteItemsSchema,
  }),
  getQuoteItems: crmType({
    ...quoteRow,
    method: 'GET',
    payload: z.object({ ...quoteScope, quoteid: id }),
    answer: quoteItemsSchema,
  }),
  getPromoCodeInfo: crmType({
    ...quoteRow,
    method: 'GET',
    payload: z.object({ storefrontId: id, promoCode }),
    answer: promoCodeInfoSchema,
  }),
  getQLIsForPromoCode: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id, promoCode }),
    answer: z.object({ qliIds: z.array(z.string()) }),
  }),
  applyPromoCodeNG: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      promoCode,
      quoteId: id,
      /** The lines to discount; the storefront may send them in batches, the last flagged isLastBatch. */
      qliIds: z.array(id).min(1, 'must name at least one line').max(200),
      isLastBatch: z.boolean(),
      /** The quote's subtotal as the storefront last saw it; only used to detect a stale cart. */
      originalTotalSalesPrice: z.number().min(0),
    }),
    answer: quoteItemsSchema,
  }),
  /**
   * Not in the spec (decision 0013): the quote gives up the promo code it holds, its use reservation is
   * released and its lines are repriced without it. Naming the code keeps a page showing an older state from
   * removing a code it never showed.
   */
  removePromoCodeNG: crmType({
    ...quoteRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id, promoCode }),
    answer: quoteItemsSchema,
  }),
};
