import type { CatalogueType, ConfigurationMode, PriceSource } from './constants';

export interface QuantityTier {
  /** Start quantity, inclusive. */
  sv: number;
  /** End quantity, inclusive; null means open-ended. */
  ev: number | null;
  price: number;
  formattedOfferPrice: string;
  originalPrice: number;
}

export interface Offer {
  id: string;
  name: string;
  description: string;
  offerType: 'Percent' | 'Amount';
  discount: number;
  appliedOnField: string;
  validFrom: string | null;
  validTo: string | null;
}

export interface CustomAction {
  label: string;
  url: string;
  openInNewTab: boolean;
}

export interface CatalogItemCard {
  id: string;
  sku: string;
  name: string;
  slug: string;
  shortDescription: string;
  imageUrl: string;
  /** Pack size or unit of sale, e.g. '100 tests'. */
  unit: string;
  requiresConfiguration: ConfigurationMode | null;
  productTemplateId: string;
  categoryId: string;
  priceSource: PriceSource;
  /** The price this account pays for one unit before tiers and offers. */
  price: number;
  listPrice: number;
  currency: string;
  formattedPrice: string;
  hasTiers: boolean;
  offerCount: number;
  attributes: Record<string, string>;
  customAction: CustomAction | null;
}

export interface CatalogItemDetail extends CatalogItemCard {
  description: string;
  images: string[];
  category: { id: string; name: string };
  tiers: QuantityTier[];
  offers: Offer[];
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  sortOrder: number;
}

export interface CatalogueSummary {
  id: string;
  name: string;
  type: CatalogueType;
  priceSource: PriceSource;
  currency: string;
}

export interface CatalogPage {
  items: CatalogItemCard[];
  /** Matching items, at most CATALOGUE_ITEM_CAP. */
  totalCount: number;
  /** True when more items matched than the cap allows. */
  capped: boolean;
  page: number;
  pageSize: number;
}

export interface GroupCount {
  categoryId: string;
  name: string;
  count: number;
}

export interface PicklistCount {
  value: string;
  count: number;
}

/** Facets a product list may filter on; keys of CatalogItemCard.attributes. */
export const PICKLIST_FIELDS = ['Application', 'Format', 'Species', 'Conjugate', 'Brand'] as const;
export type PicklistField = (typeof PICKLIST_FIELDS)[number];
