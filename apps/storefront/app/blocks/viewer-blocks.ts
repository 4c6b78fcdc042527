import type { BlockName } from '@storefront/contracts/block-fields';
import type { RenderedSection } from './types';

/**
 * Blocks that show content and the account's catalogue only, nothing that is one viewer's own (a cart, checkout
 * steps, records): a cart change leaves their data as it was (prices are the account's, not the cart's), and
 * every viewer of a price context sees them alike (docs/decisions/0067-page-cache-by-price-context.md). The
 * header's own parts come apart: its cart total from a cart action's answer, and on a page kept for its price
 * context its name, total and notifications from the browser's read.
 */
const CONTENT_AND_CATALOGUE_BLOCKS: ReadonlySet<BlockName> = new Set<BlockName>([
  'header',
  'footer',
  'navigation',
  'richText',
  'image',
  'productCard',
  'productList',
  'productDetail',
  'customCode',
  'offerList',
  'offerDetail',
]);

const showsOnlyContentAndCatalogue = (section: RenderedSection) =>
  section.blocks.every((block) => CONTENT_AND_CATALOGUE_BLOCKS.has(block.componentName));

/** Whether a page shows something of the cart beyond the header's total. */
export function showsCart(sections: readonly RenderedSection[]): boolean {
  return !sections.every(showsOnlyContentAndCatalogue);
}

/** Whether every viewer of a price context sees the page's blocks alike. */
export function sameForPriceContext(sections: readonly RenderedSection[]): boolean {
  return sections.every(showsOnlyContentAndCatalogue);
}
