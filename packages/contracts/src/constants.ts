/** Business constants of the specification (P§9, C§9). */
export const CATALOGUE_ITEM_CAP = 2000;
export const DEFAULT_PAGE_INDEX = 1;
export const DEFAULT_LOCALE = 'en-US';
export const CATALOGUE_PAGE_SIZE = 24;
export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;
export const TOAST_DEFAULT_MS = 5000;
export const DEBOUNCE_MS = 500;
/** Spec C§9: a line update the CRM could not lock is retried up to 3 times, 500 ms apart. */
export const LINE_UPDATE_RETRIES = 3;
export const LINE_UPDATE_RETRY_MS = 500;
/** Spec C§3: where the browser keeps the quote id, and the flag set on every cart change. */
export const QUOTE_ID_KEY = 'EC_Quote_Id';

/** Spec P§9: the HTTP client retries a non-mutating request once when it answers one of these statuses. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Spec P§9: requests of these methods change something and are never sent twice. */
export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The gateway request header carrying a guest cart's secret (the storefront keeps it in an http-only cookie). */
export const GUEST_CART_HEADER = 'x-guest-cart';
/**
 * A page response the storefront marks as the same for every visitor without cookies (a guest page): the
 * server may keep it for other such visitors; it never leaves the server.
 */
export const SHAREABLE_PAGE_HEADER = 'x-shareable-page';
/**
 * The most root fields one gateway operation may select: a client may put a few independent calls in one
 * request as aliased fields (one principal, one round trip), never an unbounded batch.
 */
export const GATEWAY_MAX_ROOT_FIELDS = 10;
/** The longest makeCall payload (a JSON string) the gateway takes, in characters. */
export const GATEWAY_MAX_PAYLOAD_CHARS = 32_768;
export const quoteChangedKey = (quoteId: string) => `qreset-${quoteId}`;

export const PRICE_SOURCES = ['Catalog Price', 'List Price'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const CATALOGUE_TYPES = [
  'Full',
  'Install Base',
  'eCatalog account primary',
  'eCatalog account custom',
  'eCatalog override',
] as const;
export type CatalogueType = (typeof CATALOGUE_TYPES)[number];

export const CONFIGURATION_MODES = [
  'Needs',
  'Suggests',
  'Upload Configuration',
  'Upload',
  'Upload Add',
] as const;
export type ConfigurationMode = (typeof CONFIGURATION_MODES)[number];

export const PRODUCT_CARD_ACTIONS = ['ADD_TO_CART', 'CONFIGURE', 'UPLOAD', 'CUSTOM'] as const;
export type ProductCardAction = (typeof PRODUCT_CARD_ACTIONS)[number];

export const USER_TYPES = ['AWSGuest', 'AWSManager', 'AWSPortalUser', 'AWSAdmin'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const GUEST_USER_TYPE: UserType = 'AWSGuest';
/** The one user type that manages its account's users (spec P§6). */
export const MANAGER_USER_TYPE: UserType = 'AWSManager';

/**
 * The header search box's suggestions (issue 34), here rather than beside their schemas so the box's code
 * loads no zod. Shortest and longest text suggestions are asked for: one letter matches too much to help.
 */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_MAX_CHARS = 100;
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 4;
/** Recent searches kept per contact; older ones are forgotten as new ones come. */
export const RECENT_SEARCHES_KEPT = 8;
