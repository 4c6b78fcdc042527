import type { BlockFields, BlockName } from '@storefront/contracts/block-fields';
import type { Section } from '@storefront/contracts/blocks';
import type {
  CatalogItemCard,
  Category,
  GroupCount,
  OfferDetails,
  OfferSummary,
  PicklistCount,
  PicklistField,
} from '@storefront/contracts/catalogue';
import type { CrmAnswer } from '@storefront/contracts/crm';
import type { ShippingPreferences } from '@storefront/contracts/crm-address-book';
import type { AddressRecord, QuoteAddress } from '@storefront/contracts/crm-addresses';
import type { QuoteListEntry, TranslationHeaders } from '@storefront/contracts/crm-cart-records';
import type { CATALOGUE_SORTS } from '@storefront/contracts/crm-catalogue';
import type { GuestBuyer } from '@storefront/contracts/crm-guest-buyers';
import type { ShuttleCheckoutInfo } from '@storefront/contracts/crm-payments';
import type { PoFile } from '@storefront/contracts/crm-purchase-orders';
import type { QuoteItems } from '@storefront/contracts/crm-quotes';
import type { PreparedQuote } from '@storefront/contracts/crm-sales-quotes';
import type { CarrierPicklist, ShippingRates } from '@storefront/contracts/crm-shipping';
import type { SavedCustomField } from '@storefront/contracts/custom-fields';
import type { CSSProperties } from 'react';
import type { CartLoad } from '../features/cart/cart.server';
import type { CartTotal } from '../features/cart/cart-actions';
import type { ProductLookup } from '../lib/catalogue.server';
import type { HeadTags } from '../lib/meta';

export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** What a product list shows and the query that produced it. */
export interface ProductListData {
  items: CatalogItemCard[];
  totalCount: number;
  capped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  searchText: string;
  sort: CatalogueSort;
  filters: Partial<Record<PicklistField, string[]>>;
  /** The category chosen in the list's own facet (null: all). */
  category: string | null;
  /** Set when the route or the block fixes the category; the category facet is then hidden. */
  pinnedCategory: Category | null;
  facets: {
    categories: GroupCount[];
    picklists: { field: PicklistField; options: PicklistCount[] }[];
  };
  /** A signed-in buyer's saved filters, last saved first; null where none can be kept (guests, featured lists). */
  savedFilters: { id: string; name: string }[] | null;
  /** "Did you mean": the search the CRM corrected a misspelt search text to; null when none. */
  correctedText: string | null;
  /** What a search that found nothing offers instead (never a blank list); null when something was found. */
  noResults: NoResults | null;
}

/** A search's dead end avoided: the corrected search's first products and the catalogue's top categories. */
export interface NoResults {
  closeMatches: CatalogItemCard[];
  categories: { name: string; slug: string }[];
}

/**
 * A checkout step's block: whether it is open (step 1, or the step before it is complete) and done, and what
 * it shows once open. null: the viewer has no cart to check out.
 */
export type CheckoutStepData<T> = {
  quoteId: string;
  available: boolean;
  complete: boolean;
  detail: T | null;
} | null;

export interface ShippingAddressData {
  /** The address book: the account's addresses and locations, and its child accounts' with HIERARCHY. */
  addresses: AddressRecord[];
  shippingAddress: QuoteAddress | null;
  billingAddress: QuoteAddress | null;
  /** The quote's different deliver-to address, when it has one. */
  deliverToAddress: QuoteAddress | null;
  /** A guest's named buyer (createGuestBuyer): the contact a first shipping address starts with. */
  buyer: Pick<GuestBuyer, 'firstName' | 'lastName' | 'email' | 'phone'> | null;
  /** A signed-in buyer may add a typed address to the account's book as a new location. */
  canAddLocation: boolean;
  /** The billing address to save on load (C§4 billing auto-save); null: nothing to save. */
  autoSaveBilling: AddressRecord | null;
  /** Whether addresses are checked with the tax service on this storefront. */
  avataxValidation: boolean;
  /** The checkout page's template: the CRM holds a save to its address block's configuration. */
  templateId: string;
}

/** How a record list is sorted by createdAt (spec P§3): ?sort=asc, else newest first. */
export type RecordSort = 'asc' | 'desc';

/** A record list's page: each row's cells formatted by their column's data type. */
export interface RecordListData {
  rows: { id: string; href: string | null; cells: string[] }[];
  sort: RecordSort;
  page: number;
  pageCount: number;
  total: number;
}

/** The record a details page shows, or why it shows none. */
export interface RecordDetailData {
  record: { id: string; fields: { label: string; value: string }[] } | null;
  problem: string | null;
  listHref: string | null;
}

/** Whether an offer applies today, by the dates it is valid between. */
export type OfferState = 'current' | 'upcoming' | 'ended';

/** What each block's server loader answers, by componentName. */
export interface BlockData {
  /**
   * Deferred (docs/decisions/0042): the page streams without waiting for them, and they never fail (a read
   * that fails is null, and the header shows nothing for it).
   */
  header: {
    /** null (both): the page is rendered for its price context, and the browser reads them (PersonalData). */
    cart: Promise<CartTotal> | null;
    /** Notifications the viewer has not seen; null for a guest (who has none) or when the count failed. */
    notifications: Promise<number | null> | null;
  };
  footer: null;
  navigation: { categories: Category[] };
  richText: null;
  image: null;
  productCard: { item: CatalogItemCard | null };
  productList: ProductListData;
  /** The product in the viewer's catalogue, or the one the storefront sells that it lacks. */
  productDetail:
    | { item: NonNullable<ProductLookup['item']>; elsewhere: null }
    | { item: null; elsewhere: NonNullable<ProductLookup['elsewhere']> };
  cart: {
    cart: CartLoad;
    continueShopping: string;
    earlier: QuoteListEntry[];
    /** The open quotes sales prepared for a signed-in user's account (none for a guest). */
    preparedQuotes: PreparedQuote[];
    /** Column labels in the viewer's language; null: the page's own. */
    labels: TranslationHeaders['headers'] | null;
  };
  checkoutAccount: CheckoutStepData<{
    signInPath: string;
    /** The sign-in page opened on "Create an account", back to checkout afterwards. */
    signUpPath: string;
    /** The buyer the guest named for the cart; null until they continue as a guest. */
    buyer: GuestBuyer | null;
  }>;
  shippingAddress: CheckoutStepData<ShippingAddressData>;
  shippingMethod: CheckoutStepData<{
    rates: ShippingRates;
    carriers: CarrierPicklist['carriers'];
    currency: string;
    /** The account's shipping preferences (/billing/shippingmethods), the choice a new method starts from. */
    preferred: ShippingPreferences | null;
  }>;
  /** The template the values are checked against, and what the quote holds. */
  customForm: CheckoutStepData<{ templateId: string; saved: SavedCustomField[] }>;
  termsAndPayment: CheckoutStepData<{
    templateId: string;
    /** Shipping method is a checkout block of the page: a changed cart then restarts checkout (C§4). */
    shippingIsStep: boolean;
    /** The amount due, the pay-online terms and the payment so far. */
    payment: ShuttleCheckoutInfo;
    /** Whether the buyer may pay by card: the provider is configured and the terms offer it. */
    payOnline: boolean;
    poFile: PoFile | null;
    /** The PO number saved on the quote, so a reload shows it. */
    poNumber: string | null;
    /** The account's cost centres and grant codes and the one the quote carries; null for a guest. */
    costCentre: CrmAnswer<'getQuoteCostCentre'> | null;
    /** The buyer's spend this month against their limit; null for a guest or when it cannot be read. */
    spending: CrmAnswer<'getMySpending'> | null;
  }>;
  /** The cart being checked out and its deliver-to address; null: there is no cart. */
  quoteSummary: (QuoteItems & { deliverTo: QuoteAddress | null }) | null;
  customCode: null;
  recordList: RecordListData;
  recordDetail: RecordDetailData;
  /** Each offer with its page's path (null: the block names no page for it). */
  offerList: { offers: (OfferSummary & { href: string | null })[] };
  offerDetail: OfferDetails & { state: OfferState; listHref: string | null };
}

/** A block ready to render: its fields parsed and its data loaded, or the reason it cannot show. */
export type BlockState<N extends BlockName> =
  | { status: 'ready'; fields: BlockFields[N]; data: BlockData[N] }
  | { status: 'error'; message: string };

export interface RenderedBlockOf<N extends BlockName> {
  blockId: string;
  componentName: N;
  column: number;
  /** configuration.logo, for blocks that show one. */
  logo: string | null;
  /** customJS / customCSS URLs configured by the storefront's administrators. */
  scripts: string[];
  styles: string[];
  state: BlockState<N>;
}

export type RenderedBlock = { [N in BlockName]: RenderedBlockOf<N> }[BlockName];

/**
 * Who the page is for, as the header shows it. `actingFor`: the name of the account a signed-in user who may
 * act for several accounts acts for now (their own or a related one); null for a user of one account.
 */
export type PageViewer =
  | {
      signedIn: true;
      /** null: the page is rendered for its price context, and the browser reads the name (PersonalData). */
      name: string | null;
      actingFor: string | null;
    }
  | { signedIn: false; name: null; actingFor: null };

/** Page-wide facts every block may use. */
export interface PageContext {
  storefrontName: string;
  logoUrl: string;
  viewer: PageViewer;
  /** Values of {!name} placeholders. */
  placeholders: Record<string, string>;
  /**
   * The block whose picture comes first on the page, above the footer: an image block, or a product list
   * (its first tile's picture). Likely the largest thing on the first screen, so it loads at once with high
   * priority while the others load lazily.
   */
  leadImage: string | null;
  /** The quote the URL names (?quoteId, spec P§2) when it is the viewer's cart: the browser keeps its id. */
  namedQuoteId: string | null;
  /** Dev mode (?isDev=true, spec P§2): every block is outlined and labelled with its component and id. */
  devMode: boolean;
  /** The alt text of each generated product picture the blocks show, by URL (described on the server). */
  imageDescriptions: Record<string, string>;
  /** The browser chunks of the lazily loaded blocks on the page, named in its head (blocks/registry.ts). */
  blockScripts: string[];
}

export interface BlockProps<N extends BlockName> {
  block: RenderedBlockOf<N>;
  fields: BlockFields[N];
  data: BlockData[N];
  page: PageContext;
}

export interface RenderedSection extends Omit<Section, 'blocks'> {
  blocks: RenderedBlock[];
  /** The columns the blocks are placed in (`sectionBox`). */
  columnCount: number;
  /** The section box's grid, padding, border and background. */
  style: CSSProperties;
}

/** Everything a template page renders. */
export interface TemplatePageData {
  templateId: string;
  sections: RenderedSection[];
  head: HeadTags;
  page: PageContext;
}
