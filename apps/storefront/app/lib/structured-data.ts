import type { CatalogItemDetail } from '@storefront/contracts/catalogue';

/** A schema.org object as JSON-LD; React Router's meta writes it into a data block, `<` escaped. */
export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];

const SCHEMA = 'https://schema.org';

/** One step of a page's breadcrumb trail: its name and absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/** A BreadcrumbList of the trail the page shows, positions counted from 1. */
export function breadcrumbList(trail: readonly Crumb[]): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/**
 * A schema.org Product of a product page, at the prices the page shows: one Offer at the unit price, or an
 * AggregateOffer spanning the quantity tiers when there are several, available as the page says it is.
 */
export function productData(item: CatalogItemDetail, pageUrl: string): JsonLd {
  const absolute = (url: string) => new URL(url, pageUrl).href;
  const images = (item.images.length > 0 ? item.images : [item.imageUrl]).filter(Boolean).map(absolute);
  const brand = item.attributes.Brand;
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: item.name,
    sku: item.sku,
    description: item.description || item.shortDescription,
    ...(images.length > 0 ? { image: images } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    category: item.category.name,
    url: pageUrl,
    offers: offerOf(item, pageUrl),
  };
}

function offerOf(item: CatalogItemDetail, pageUrl: string): JsonLd {
  const common = {
    priceCurrency: item.currency,
    availability: `${SCHEMA}/${availabilityOf(item)}`,
    url: pageUrl,
  };
  const prices = item.tiers.map((tier) => tier.price);
  if (prices.length < 2) {
    return { '@type': 'Offer', price: prices[0] ?? item.price, ...common };
  }
  return {
    '@type': 'AggregateOffer',
    lowPrice: Math.min(...prices),
    highPrice: Math.max(...prices),
    offerCount: prices.length,
    ...common,
  };
}

/**
 * schema.org's word for what the page's availability line says: a product with no stock recorded can still be
 * ordered, so it is InStock; one no warehouse holds is made to order.
 */
function availabilityOf(item: CatalogItemDetail): 'Discontinued' | 'InStock' | 'MadeToOrder' {
  if (item.discontinued) return 'Discontinued';
  if (item.stock && !item.stock.some((row) => row.quantity > 0)) return 'MadeToOrder';
  return 'InStock';
}
