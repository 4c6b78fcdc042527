import { z } from 'zod';
import { CATALOGUE_TYPES, CONFIGURATION_MODES, PRICE_SOURCES } from './constants';

/** Catalogue records as the CRM answers them; the schemas are the answers' contract (see crm-catalogue.ts). */

const nullableText = z.string().nullable();

export const quantityTierSchema = z.object({
  /** Start quantity, inclusive. */
  sv: z.number(),
  /** End quantity, inclusive; null means open-ended. */
  ev: z.number().nullable(),
  price: z.number(),
  formattedOfferPrice: z.string(),
  originalPrice: z.number(),
});
export type QuantityTier = z.infer<typeof quantityTierSchema>;

export const OFFER_TYPES = ['Percent', 'Amount'] as const;

export const offerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  offerType: z.enum(OFFER_TYPES),
  discount: z.number(),
  appliedOnField: z.string(),
  validFrom: nullableText,
  validTo: nullableText,
});
export type Offer = z.infer<typeof offerSchema>;

export const customActionSchema = z.object({
  label: z.string(),
  url: z.string(),
  openInNewTab: z.boolean(),
});
export type CustomAction = z.infer<typeof customActionSchema>;

export const catalogItemCardSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  shortDescription: z.string(),
  imageUrl: z.string(),
  /** Pack size or unit of sale, e.g. '100 tests'. */
  unit: z.string(),
  requiresConfiguration: z.enum(CONFIGURATION_MODES).nullable(),
  productTemplateId: z.string(),
  categoryId: z.string(),
  priceSource: z.enum(PRICE_SOURCES),
  /** The price this account pays for one unit before tiers and offers. */
  price: z.number(),
  listPrice: z.number(),
  currency: z.string(),
  formattedPrice: z.string(),
  hasTiers: z.boolean(),
  offerCount: z.number(),
  attributes: z.record(z.string(), z.string()),
  customAction: customActionSchema.nullable(),
});
export type CatalogItemCard = z.infer<typeof catalogItemCardSchema>;

/** One row of a product's specifications table, e.g. { name: 'Clone', value: 'RPA-T4' }; in display order. */
export const specificationSchema = z.object({ name: z.string(), value: z.string() });
export type Specification = z.infer<typeof specificationSchema>;

/** A document of a product (data sheet, manual, certificate), by its title and address; in display order. */
export const productDocumentSchema = z.object({ title: z.string(), url: z.string() });
export type ProductDocument = z.infer<typeof productDocumentSchema>;

/** A manufactured lot of a consumable: its certificate of analysis is generated from it. Dates are yyyy-mm-dd. */
export const productLotSchema = z.object({
  lotNumber: z.string(),
  manufacturedOn: z.string(),
  expiresOn: z.string(),
});
export type ProductLot = z.infer<typeof productLotSchema>;

/** Stock of a SKU in one warehouse, and how many days an order takes to ship from there. */
export const warehouseStockSchema = z.object({
  warehouse: z.string(),
  quantity: z.number().int(),
  leadTimeDays: z.number().int(),
});
export type WarehouseStock = z.infer<typeof warehouseStockSchema>;

/** The product a discontinued one's buyers order instead, when the account's catalogue sells it. */
export const productReplacementSchema = z.object({
  name: z.string(),
  sku: z.string(),
  slug: z.string(),
  productTemplateId: z.string(),
});
export type ProductReplacement = z.infer<typeof productReplacementSchema>;

export const catalogItemDetailSchema = catalogItemCardSchema.extend({
  description: z.string(),
  images: z.array(z.string()),
  category: z.object({ id: z.string(), name: z.string() }),
  tiers: z.array(quantityTierSchema),
  offers: z.array(offerSchema),
  specifications: z.array(specificationSchema),
  /** Hazard statements of the safety data sheet; empty: not a hazardous substance or mixture. */
  hazards: z.array(z.string()),
  /** Newest first; empty for products sold without lots (instruments, hardware). */
  lots: z.array(productLotSchema),
  /** The product's own documents (manuals, brochures), as the catalogue file gives them. */
  documents: z.array(productDocumentSchema),
  /** Per warehouse; null when no stock is recorded for the SKU. */
  stock: z.array(warehouseStockSchema).nullable(),
  /** Set when the product is no longer sold (the page still shows it): what replaces it, or null. */
  discontinued: z.object({ replacement: productReplacementSchema.nullable() }).nullable(),
});
export type CatalogItemDetail = z.infer<typeof catalogItemDetailSchema>;

/** A product the storefront sells that the account's catalogue lacks, with what the account can buy near it. */
export const productElsewhereSchema = z.object({
  notInCatalogue: z.object({
    name: z.string(),
    sku: z.string(),
    /** The account's category of the same name; null when its catalogue has none. */
    category: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** A few products of that category. */
    alternatives: z.array(catalogItemCardSchema),
  }),
});
export type ProductElsewhere = z.infer<typeof productElsewhereSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: nullableText,
  sortOrder: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

export const catalogueSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CATALOGUE_TYPES),
  priceSource: z.enum(PRICE_SOURCES),
  currency: z.string(),
});
export type CatalogueSummary = z.infer<typeof catalogueSummarySchema>;

/** getEcatalogDetails: the account's catalogue and its categories in display order. */
export const ecatalogDetailsSchema = z.object({
  catalog: catalogueSummarySchema,
  categories: z.array(categorySchema),
});
export type EcatalogDetails = z.infer<typeof ecatalogDetailsSchema>;

export const catalogPageSchema = z.object({
  items: z.array(catalogItemCardSchema),
  /** Matching items, at most CATALOGUE_ITEM_CAP. */
  totalCount: z.number(),
  /** True when more items matched than the cap allows. */
  capped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** The query the search corrected a misspelt search text to ("did you mean"); null when none. */
  correctedText: z.string().nullable().default(null),
});
export type CatalogPage = z.infer<typeof catalogPageSchema>;

export const groupCountSchema = z.object({ categoryId: z.string(), name: z.string(), count: z.number() });
export type GroupCount = z.infer<typeof groupCountSchema>;

export const picklistCountSchema = z.object({ value: z.string(), count: z.number() });
export type PicklistCount = z.infer<typeof picklistCountSchema>;

/** An offer with the account's catalogue items it applies to (getFormattedObjectDetails of an Offer). */
export const offerDetailsSchema = z.object({
  offer: offerSchema,
  items: z.array(catalogItemCardSchema),
});
export type OfferDetails = z.infer<typeof offerDetailsSchema>;

/** How many of the account's catalogue items an offers list shows under each offer (its page shows them all). */
export const OFFER_PREVIEW_ITEMS = 4;

/** An offer of the offers list (getOffers): the items it covers in the account's catalogue, and the first few. */
export const offerSummarySchema = offerDetailsSchema.extend({
  /** Every item of the account's catalogue the offer covers; `items` holds the first OFFER_PREVIEW_ITEMS. */
  itemCount: z.number(),
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

/** Facets a product list may filter on; keys of CatalogItemCard.attributes. */
export const PICKLIST_FIELDS = ['Application', 'Format', 'Species', 'Conjugate', 'Brand'] as const;
export type PicklistField = (typeof PICKLIST_FIELDS)[number];
