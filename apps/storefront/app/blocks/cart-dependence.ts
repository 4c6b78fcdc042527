import type { BlockName } from '@storefront/contracts/block-fields';
import type { RenderedSection } from './types';

/**
 * Blocks whose data a cart change leaves as it was: content and catalogue (prices are the account's, not the
 * cart's). The header's cart total comes from the cart action's answer.
 */
const UNCHANGED_BY_CART: ReadonlySet<BlockName> = new Set<BlockName>([
  'header',
  'footer',
  'navigation',
  'richText',
  'image',
  'productCard',
  'productList',
  'productDetail',
  'customCode',
]);

/** Whether a page shows something of the cart beyond the header's total. */
export function showsCart(sections: readonly RenderedSection[]): boolean {
  return sections.some((section) =>
    section.blocks.some((block) => !UNCHANGED_BY_CART.has(block.componentName)),
  );
}
