import { z } from 'zod';
import {
  ACCOUNT_SELECTIONS,
  type AddressFieldConfig,
  addressFieldConfigSchema,
  DEFAULT_ADDRESS_FIELD_CONFIG,
} from './address-rules';
import type { Section } from './blocks';
import { PRODUCT_CARD_ACTIONS, type ProductCardAction } from './constants';
import { RECORD_DATA_TYPES, RECORD_OBJECTS } from './crm-cart-records';
import { CATALOGUE_SORTS } from './crm-catalogue';
import { customCodeFields, customFormFields } from './custom-fields';

/**
 * The `fields` of each block the storefront renders, by componentName. The web part parses a block's fields
 * with its schema on the server; a block whose fields do not parse shows its error state.
 */
export const BLOCK_NAMES = [
  'header',
  'footer',
  'navigation',
  'richText',
  'image',
  'productCard',
  'productList',
  'productDetail',
  'cart',
  'checkoutAccount',
  'shippingAddress',
  'shippingMethod',
  'customForm',
  'termsAndPayment',
  'quoteSummary',
  'customCode',
  'recordList',
  'recordDetail',
  'offerList',
  'offerDetail',
] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];

export function isBlockName(name: string): name is BlockName {
  return (BLOCK_NAMES as readonly string[]).includes(name);
}

const label = z.string().trim().min(1).max(120);
const href = z.string().trim().min(1).max(2048);
const prose = z.string().max(20_000);

export const linkSchema = z.object({
  label,
  url: href,
  openInNewTab: z.boolean().default(false),
});
export type LinkItem = z.infer<typeof linkSchema>;

function isProductCardAction(name: string): name is ProductCardAction {
  return (PRODUCT_CARD_ACTIONS as readonly string[]).includes(name);
}

/** Action block item (spec P§3): any action name other than the known ones is normalised to CUSTOM. */
export const actionItemSchema = z.object({
  action: z
    .string()
    .trim()
    .transform((name): ProductCardAction => (isProductCardAction(name) ? name : 'CUSTOM')),
  label: label.optional(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

const DEFAULT_ACTIONS: ActionItem[] = PRODUCT_CARD_ACTIONS.map((action) => ({ action }));
const actions = z.array(actionItemSchema).max(8).default(DEFAULT_ACTIONS);

export const headerFields = z.object({
  tagline: z.string().max(200).default(''),
  showSearch: z.boolean().default(true),
  /** The product list page the search box submits `searchText` to. */
  searchPath: href.default('/search'),
  searchPlaceholder: z.string().max(80).default('Search products'),
});

export const footerFields = z.object({
  columns: z
    .array(z.object({ heading: label, links: z.array(linkSchema).max(20).default([]) }))
    .max(6)
    .default([]),
  /** May hold placeholders such as {!year} and {!storefrontName}. */
  copyright: z.string().max(300).default(''),
});

export const navigationFields = z.object({
  /** The accessible name of the navigation landmark. */
  label: label.default('Main'),
  links: z.array(linkSchema).max(20).default([]),
});

export const richTextFields = z.object({
  heading: z.string().max(300).default(''),
  headingLevel: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
  /** Plain text with {!name} placeholders; line breaks are kept. */
  text: prose.default(''),
  align: z.enum(['start', 'center']).default('start'),
  link: linkSchema.optional(),
});

export const imageFields = z.object({
  src: href,
  /** Required; an empty text marks the image as decorative. */
  alt: z.string().max(300),
  caption: z.string().max(300).default(''),
  link: linkSchema.optional(),
  width: z.number().int().min(1).max(4000).optional(),
  height: z.number().int().min(1).max(4000).optional(),
});

export const productCardFields = z.object({
  itemId: z.string().trim().min(1).max(64),
  actions,
});

export const productListFields = z.object({
  heading: z.string().max(300).default(''),
  /** A fixed category (id or slug); otherwise the route's /category/:id decides. */
  category: z.string().trim().min(1).max(120).optional(),
  /** A featured list is a compact grid: no filters, no paging, `limit` items. */
  featured: z.boolean().default(false),
  /** Items per page (a featured list: items shown). */
  limit: z.number().int().min(1).max(200).optional(),
  sort: z.enum(CATALOGUE_SORTS).default('name'),
  showFilters: z.boolean().default(true),
  actions,
});

export const productDetailFields = z.object({
  showTiers: z.boolean().default(true),
  showOffers: z.boolean().default(true),
  actions,
});

export const cartFields = z.object({
  heading: z.string().max(300).default('Your cart'),
  emptyHeading: z.string().max(300).default('Your cart is empty'),
  emptyText: prose.default('Browse the catalogue and add products to start a quote.'),
  showPromoCode: z.boolean().default(true),
  showExport: z.boolean().default(true),
});

/** Every checkout block has a heading; a step's number comes from its order on the page. */
const stepHeading = (text: string) => z.string().trim().min(1).max(120).default(text);

export const checkoutAccountFields = z.object({ heading: stepHeading('Your account') });

export const shippingAddressFields = z.object({
  heading: stepHeading('Shipping address'),
  /** Required fields and line lengths of the address forms (C§5). */
  addressFields: addressFieldConfigSchema.default(addressFieldConfigSchema.parse({})),
  /** HIERARCHY lists the child accounts' addresses too. */
  accountSelection: z.enum(ACCOUNT_SELECTIONS).nullable().default(null),
});

/**
 * The address configuration of a checkout template's shipping address block (C§5: required checks driven by
 * per-field configuration): what the CRM and the page both hold a saved address to. The defaults without one.
 */
export function addressFieldConfigOf(sections: readonly Section[]): AddressFieldConfig {
  for (const section of sections) {
    const found = section.blocks.find((block) => block.componentName === 'shippingAddress');
    if (found) {
      const parsed = shippingAddressFields.safeParse(found.fields);
      return parsed.success ? parsed.data.addressFields : DEFAULT_ADDRESS_FIELD_CONFIG;
    }
  }
  return DEFAULT_ADDRESS_FIELD_CONFIG;
}

export const shippingMethodFields = z.object({ heading: stepHeading('Shipping method') });

export const termsAndPaymentFields = z.object({ heading: stepHeading('Terms and payment') });

export const quoteSummaryFields = z.object({ heading: stepHeading('Order summary') });

/** A template of the storefront, named as the CMS names it (ids differ between orgs). */
const templateName = z.string().trim().min(1).max(120);

/** A column of a record list (spec P§3): the value at `path`, headed `aliasName`, formatted as `dataType`. */
export const recordColumnSchema = z.object({
  path: z.string().trim().min(1).max(64),
  aliasName: label,
  dataType: z.enum(RECORD_DATA_TYPES).default('STRING'),
});
export type RecordColumn = z.infer<typeof recordColumnSchema>;

/** The account's records (today its quotes and orders) as a table, newest or oldest first. */
export const recordListFields = z.object({
  heading: z.string().max(300).default(''),
  objectName: z.enum(['Quote']).default('Quote'),
  columns: z.array(recordColumnSchema).min(1).max(12),
  /** The Details page a row's first column links to. */
  detailTemplate: templateName.optional(),
  pageSize: z.number().int().min(1).max(100).default(20),
});

/** One record of the account, named by the page's recordId, with the fields it lists. */
export const recordDetailFields = z.object({
  heading: z.string().max(300).default(''),
  objectName: z.enum(RECORD_OBJECTS).default('Quote'),
  displayFields: z.array(z.string().trim().min(1).max(64)).min(1).max(20),
  /** The List page the record page links back to. */
  listTemplate: templateName.optional(),
});

/** The offers a buyer can use today, each with the products it covers, linking to the offer's own page. */
export const offerListFields = z.object({
  heading: z.string().max(300).default('Current offers'),
  /** The Details page an offer links to, where it shows with every product it covers. */
  detailTemplate: templateName.optional(),
});

/** One offer, named by the page's ?id, with every product of the viewer's catalogue it covers. */
export const offerDetailFields = z.object({
  /** The List page the offer page links back to. */
  listTemplate: templateName.optional(),
  actions,
});

export const blockFieldSchemas = {
  header: headerFields,
  footer: footerFields,
  navigation: navigationFields,
  richText: richTextFields,
  image: imageFields,
  productCard: productCardFields,
  productList: productListFields,
  productDetail: productDetailFields,
  cart: cartFields,
  checkoutAccount: checkoutAccountFields,
  shippingAddress: shippingAddressFields,
  shippingMethod: shippingMethodFields,
  customForm: customFormFields,
  termsAndPayment: termsAndPaymentFields,
  quoteSummary: quoteSummaryFields,
  customCode: customCodeFields,
  recordList: recordListFields,
  recordDetail: recordDetailFields,
  offerList: offerListFields,
  offerDetail: offerDetailFields,
} as const satisfies Record<BlockName, z.ZodType>;

/** Parsed fields, by componentName. */
export type BlockFields = { [N in BlockName]: z.output<(typeof blockFieldSchemas)[N]> };
/** Fields as an administrator writes them (defaults may be left out), by componentName. */
export type BlockFieldsInput = { [N in BlockName]: z.input<(typeof blockFieldSchemas)[N]> };
