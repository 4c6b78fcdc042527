import type { Category } from '@storefront/contracts/catalogue';

/** A category named by id or by slug. */
export function findCategory(categories: readonly Category[], idOrSlug: string): Category | undefined {
  const wanted = idOrSlug.toLowerCase();
  return categories.find((category) => category.id === idOrSlug || category.slug.toLowerCase() === wanted);
}
