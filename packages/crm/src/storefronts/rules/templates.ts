import type { Section } from '@storefront/contracts';
import { isCataloguePath, pathSegments } from '@storefront/contracts/template-resolution';
import type { ProductRef } from '../../catalogue';

/** Sections by sortOrder, their blocks by configuration.sequence (blocks without one go last). */
export function sortSections(sections: readonly Section[]): Section[] {
  const sequence = (block: Section['blocks'][number]) =>
    block.configuration.sequence ?? Number.POSITIVE_INFINITY;
  return [...sections]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((section) => ({
      ...section,
      blocks: [...section.blocks].sort((a, b) => sequence(a) - sequence(b)),
    }));
}

/** The product a path names: /product/{templateId}/{slug}, or the catalogue path's product slug. */
export function productRef(url: string): ProductRef | null {
  const segments = pathSegments(url);
  const [first, , third] = segments;
  if (third === undefined) return null;
  return isCataloguePath(segments) || first === 'product' ? { slug: third } : null;
}

/** The category a path names: /category/{id or slug}. */
export function categoryRef(url: string): string | null {
  const [first, second] = pathSegments(url);
  return first === 'category' && second !== undefined ? second : null;
}
