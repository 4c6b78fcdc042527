import type {
  CatalogItemCard,
  CatalogItemDetail,
  ConfigurationMode,
  CustomAction,
  Offer,
  PriceSource,
  ProductDocument,
  ProductLot,
  ProductReplacement,
  Specification,
  WarehouseStock,
} from '@storefront/contracts';
import { formatMoney, roundMoney } from '@storefront/contracts/money';
import { formatTiers, type TierRow, unitPrice } from './pricing';

export interface CatalogueItemRow {
  id: string;
  sku: string;
  name: string;
  slug: string;
  shortDescription: string;
  images: string[];
  unit: string;
  requiresConfiguration: ConfigurationMode | null;
  productTemplateId: string;
  categoryId: string;
  priceSource: PriceSource;
  listPrice: number;
  negotiatedPrice: number | null;
  attributes: Record<string, string>;
  customAction: CustomAction | null;
}

export interface CardFacts {
  currency: string;
  hasTiers: boolean;
  offerCount: number;
}

/** A product card with the price this account pays, formatted in the catalogue's currency. */
export function toCard(row: CatalogueItemRow, facts: CardFacts): CatalogItemCard {
  const price = unitPrice(row);
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    shortDescription: row.shortDescription,
    imageUrl: row.images[0] ?? '',
    unit: row.unit,
    requiresConfiguration: row.requiresConfiguration,
    productTemplateId: row.productTemplateId,
    categoryId: row.categoryId,
    priceSource: row.priceSource,
    price: roundMoney(price),
    listPrice: roundMoney(row.listPrice),
    currency: facts.currency,
    formattedPrice: formatMoney(price, facts.currency),
    hasTiers: facts.hasTiers,
    offerCount: facts.offerCount,
    attributes: row.attributes,
    customAction: row.customAction,
  };
}

export interface DetailFacts {
  currency: string;
  description: string;
  category: { id: string; name: string };
  tiers: readonly TierRow[];
  offers: Offer[];
  specifications: Specification[];
  hazards: string[];
  lots: ProductLot[];
  documents: ProductDocument[];
  /** Empty when no stock is recorded for the SKU. */
  stock: WarehouseStock[];
  discontinued: { replacement: ProductReplacement | null } | null;
}

/**
 * The product page: the card plus description, every image, tiers sorted by start quantity, the offers, what
 * its documents are made from (specifications, hazards, lots), its own documents, stock, and whether it is sold.
 */
export function toDetail(row: CatalogueItemRow, facts: DetailFacts): CatalogItemDetail {
  const card = toCard(row, {
    currency: facts.currency,
    hasTiers: facts.tiers.length > 0,
    offerCount: facts.offers.length,
  });
  return {
    ...card,
    description: facts.description,
    images: row.images,
    category: facts.category,
    tiers: formatTiers(facts.tiers, card.price, facts.currency),
    offers: facts.offers,
    specifications: facts.specifications,
    hazards: facts.hazards,
    lots: facts.lots,
    documents: facts.documents,
    stock: facts.stock.length > 0 ? facts.stock : null,
    discontinued: facts.discontinued
      ? { replacement: facts.discontinued.replacement && pickReplacement(facts.discontinued.replacement) }
      : null,
  };
}

/** Only what the page links the replacement with, whatever row it came from. */
function pickReplacement({ name, sku, slug, productTemplateId }: ProductReplacement): ProductReplacement {
  return { name, sku, slug, productTemplateId };
}
