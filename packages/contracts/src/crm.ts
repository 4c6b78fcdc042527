import { z } from 'zod';
import { type Offer, PICKLIST_FIELDS } from './catalogue';
import { USER_TYPES } from './constants';
import { CART_RECORD_TYPES, cartRecordPayloads } from './crm-cart-records';
import { catalogueFilters, catalogueScope, id, quantity, quoteScope } from './crm-fields';

/**
 * The CRM REST contract: `GET|POST /services/apexrest/<group>?type=<name>[&param=...]`, bearer token,
 * JSON in and out. GET types take their parameters from the query string, POST types from the JSON body.
 */
export const CRM_BASE_PATH = '/services/apexrest';

/** Path groups of spec P§7: ecommerce, guidance, billing portal, payment, elearning, cpq, ib manager, payment-method management. */
export const CRM_GROUPS = [
  'ecommerce',
  'guidance',
  'billingportal',
  'payment',
  'elearning',
  'cpq',
  'ibmanager',
  'paymentmethods',
] as const;
export type CrmGroup = (typeof CRM_GROUPS)[number];

export type CallType = 'GET' | 'POST';

export const CATALOGUE_SORTS = ['name', 'sku', 'price-asc', 'price-desc'] as const;

/** What the user activity log records (spec P§4: a 'login' entry after sign-in). */
export const USER_ACTIVITIES = ['login', 'logout'] as const;

const page = z.coerce.number().int().min(1).default(1);
const catalogueQuery = {
  ...catalogueScope,
  categoryId: id.optional(),
  searchText: z.string().trim().max(200).optional(),
  filters: catalogueFilters,
};
const qty = quantity(1, 'must be at least 1');
const promoCode = z.string().trim().min(1, 'must not be empty').max(64);

/** Payload schemas by type; GET types parse their query parameters with these. */
export const crmPayloads = {
  getActiveStorefronts: z.object({}),
  retrieveContentBlocks: z.object({
    storefrontId: id,
    /** Omitted: every active template of the storefront, without blocks. */
    templateIds: z.array(id).max(50).optional(),
  }),
  getMergedMetaInfo: z.object({
    accId: id,
    stfId: id,
    url: z.string().max(2048),
  }),
  retrieveCatalogNG: z.object({
    ...catalogueQuery,
    page,
    pageSize: z.coerce.number().int().min(1).max(200).default(24),
    sort: z.enum(CATALOGUE_SORTS).default('name'),
  }),
  getEcatalogDetails: z.object(catalogueScope),
  getCatalogGroupCounts: z.object(catalogueQuery),
  getCatalogPicklistGroupCounts: z.object({ ...catalogueQuery, field: z.enum(PICKLIST_FIELDS) }),
  getFormattedObjectDetails: z
    .object({
      objectapi: z.enum(['CatalogItem', 'Offer', 'Category']),
      objectid: id.optional(),
      /** A catalogue item may be named by its slug instead, as the catalogue product path does. */
      slug: z.string().trim().min(1).max(200).optional(),
      accId: id,
      stfId: id,
    })
    .refine((payload) => payload.objectid || (payload.objectapi === 'CatalogItem' && payload.slug), {
      message: 'objectid is required (or slug, for a CatalogItem)',
      path: ['objectid'],
    }),
  getGuestAccounts: z.object({ accId: id }),
  getMetaItems: z.object({
    storefrontId: id,
    accountId: id.optional(),
    templateId: id.optional(),
    key: z.string().max(200).optional(),
    sortDirection: z.enum(['ASC', 'DESC']).default('ASC'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  logUserActivity: z.object({
    storefrontId: id,
    accountId: id,
    username: z.string().trim().min(1, 'must not be empty').max(128),
    activity: z.enum(USER_ACTIVITIES),
  }),
  getActiveQuote: z.object(quoteScope),
  getActiveQuoteFromUser: z.object({
    ...quoteScope,
    userType: z.enum(USER_TYPES),
    shipToAccountId: id.optional(),
  }),
  startNewCart: z.object(quoteScope),
  /** An own quote that is not checked out becomes the user's cart; the previous one goes Inactive. */
  makeActiveCart: z.object({ ...quoteScope, quoteId: id }),
  /**
   * After sign-in: the guest cart of the secret becomes the signed-in user's cart, its lines repriced from
   * that account's catalogue. A guest cart without lines changes nothing.
   */
  makeActiveCartForGuest: z.object({
    ...quoteScope,
    guestCartSecret: quoteScope.guestCartSecret.unwrap(),
  }),
  saveItemToQuoteBlink: z.object({ ...quoteScope, catalogItemId: id, qty }),
  updateQLI: z.object({
    ...quoteScope,
    quoteId: id,
    /** qty 0 removes the line. */
    lines: z
      .array(z.object({ id, qty: quantity(0, 'must be 0 (remove) or more') }))
      .min(1, 'must name at least one line')
      .max(200),
  }),
  deleteLineItems: z.object({
    ...quoteScope,
    quoteId: id,
    qliIds: z.array(id).min(1, 'must name at least one line').max(200),
  }),
  getQuoteItems: z.object({ ...quoteScope, quoteid: id }),
  getPromoCodeInfo: z.object({ storefrontId: id, promoCode }),
  getQLIsForPromoCode: z.object({ ...quoteScope, quoteId: id, promoCode }),
  applyPromoCodeNG: z.object({
    ...quoteScope,
    promoCode,
    quoteId: id,
    /** The lines to discount; the storefront may send them in batches, the last flagged isLastBatch. */
    qliIds: z.array(id).min(1, 'must name at least one line').max(200),
    isLastBatch: z.boolean(),
    /** The quote's subtotal as the storefront last saw it; only used to detect a stale cart. */
    originalTotalSalesPrice: z.number().min(0),
  }),
  ...cartRecordPayloads,
} as const;

export type CrmType = keyof typeof crmPayloads;
export type CrmPayload<T extends CrmType> = z.infer<(typeof crmPayloads)[T]>;

/** Method and group of each type the CRM serves, and whether the gateway may cache its answers. */
export const CRM_TYPES: Record<CrmType, { method: CallType; group: CrmGroup; cacheable: boolean }> = {
  getActiveStorefronts: { method: 'GET', group: 'ecommerce', cacheable: true },
  retrieveContentBlocks: { method: 'POST', group: 'ecommerce', cacheable: true },
  getMergedMetaInfo: { method: 'GET', group: 'ecommerce', cacheable: true },
  retrieveCatalogNG: { method: 'POST', group: 'ecommerce', cacheable: true },
  getEcatalogDetails: { method: 'POST', group: 'ecommerce', cacheable: true },
  getCatalogGroupCounts: { method: 'POST', group: 'ecommerce', cacheable: true },
  getCatalogPicklistGroupCounts: { method: 'POST', group: 'ecommerce', cacheable: true },
  getFormattedObjectDetails: { method: 'GET', group: 'ecommerce', cacheable: true },
  getGuestAccounts: { method: 'GET', group: 'ecommerce', cacheable: true },
  getMetaItems: { method: 'POST', group: 'ecommerce', cacheable: true },
  logUserActivity: { method: 'POST', group: 'ecommerce', cacheable: false },
  // A cart must show its own writes at once, so the gateway never caches quote reads.
  getActiveQuote: { method: 'GET', group: 'ecommerce', cacheable: false },
  getActiveQuoteFromUser: { method: 'GET', group: 'ecommerce', cacheable: false },
  startNewCart: { method: 'POST', group: 'ecommerce', cacheable: false },
  makeActiveCart: { method: 'POST', group: 'ecommerce', cacheable: false },
  makeActiveCartForGuest: { method: 'POST', group: 'ecommerce', cacheable: false },
  saveItemToQuoteBlink: { method: 'POST', group: 'ecommerce', cacheable: false },
  updateQLI: { method: 'POST', group: 'ecommerce', cacheable: false },
  deleteLineItems: { method: 'POST', group: 'ecommerce', cacheable: false },
  getQuoteItems: { method: 'GET', group: 'ecommerce', cacheable: false },
  // A code's facts change with its uses and the quote it is applied to, so none of these are cached.
  getPromoCodeInfo: { method: 'GET', group: 'ecommerce', cacheable: false },
  getQLIsForPromoCode: { method: 'POST', group: 'ecommerce', cacheable: false },
  applyPromoCodeNG: { method: 'POST', group: 'ecommerce', cacheable: false },
  ...CART_RECORD_TYPES,
};

export function isCrmType(name: string): name is CrmType {
  return Object.hasOwn(CRM_TYPES, name);
}

/** `/services/apexrest/<group>?type=<name>` plus GET parameters. */
export function crmEndpoint(type: CrmType, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ type, ...params });
  return `${CRM_BASE_PATH}/${CRM_TYPES[type].group}?${query.toString()}`;
}

/** The body of every CRM error answer. */
export interface CrmError {
  errorCode: string;
  message: string;
}

/** A quote's state: the account's cart is its newest Active quote; startNewCart sets the older one Inactive. */
export const QUOTE_STATUSES = ['Active', 'Inactive'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A quote (the cart) as the quote types answer it; every amount is computed by the CRM. */
export interface QuoteSummary {
  id: string;
  accountId: string;
  contactId: string | null;
  shipToAccountId: string | null;
  status: QuoteStatus;
  checkedOut: boolean;
  currency: string;
  subtotal: number;
  /** The promo code discount; total = subtotal - discount. */
  discount: number;
  total: number;
  createdAt: string;
  modifiedAt: string;
}

/** A quote line with what the cart shows of its item and the tier or offer its price came from. */
export interface QuoteLine {
  id: string;
  quoteId: string;
  catalogItemId: string;
  name: string;
  sku: string;
  image: string | null;
  unit: string;
  qty: number;
  unitPrice: number;
  listPrice: number;
  lineTotal: number;
  /** The quantity tier that priced the line, null when none applied. */
  tier: { sv: number; ev: number | null; price: number } | null;
  qtyTierAmt: number | null;
  offerId: string | null;
  offerType: Offer['offerType'] | null;
  offerDiscount: number | null;
  appliedOnField: string | null;
  rpId: string | null;
  /** The promo code's share of the discount on this line (lineTotal is before it). */
  promoDiscount: number;
}

export interface QuoteItems {
  quote: QuoteSummary;
  lines: QuoteLine[];
  /** The promo code applied to the quote, as the CRM spells it; null when none. */
  promoCode: string | null;
}

/** A cart with its lines, or none at all. */
export type CartOrNone = QuoteItems | { quote: null; lines: []; promoCode: null };

/** makeActiveCartForGuest's answer: the user's cart after the move (none when neither had one), and the items left out. */
export type ClaimedCart = CartOrNone & { unavailable: string[] };

/** Spec C§8: the answer of getQLIsForPromoCode when no line of the quote is eligible. */
export const PROMO_CODE_NO_LINES = 'ERROR: QLIs not found for promo code application.';

export const PROMO_CODE_KINDS = ['Percent', 'Amount'] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];

/** What anyone may know of a promo code (getPromoCodeInfo). */
export interface PromoCodeInfo {
  code: string;
  description: string;
  /** Percent: value % off each eligible line; Amount: value off, spread over the eligible lines. */
  kind: PromoCodeKind;
  value: number;
  validFrom: string | null;
  validTo: string | null;
  appliesToAllItems: boolean;
  /** Active and inside its validity on the CRM's today; the usage limit is checked when applied. */
  validToday: boolean;
}
