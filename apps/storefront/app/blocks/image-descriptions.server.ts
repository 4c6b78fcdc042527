import {
  describeProductImage,
  PRODUCT_IMAGE_BASE,
  parseProductImage,
} from '@storefront/contracts/product-images';
import type { RenderedSection } from './types';

/**
 * What each generated product picture on the page shows, in words (its alt text), keyed by its URL. Described
 * here because reading a picture's URL takes the image schemas, which the browser should not download.
 */
export function describeImages(sections: readonly RenderedSection[]): Record<string, string> {
  const descriptions: Record<string, string> = {};
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!value.includes(PRODUCT_IMAGE_BASE) || Object.hasOwn(descriptions, value)) return;
      const image = parseProductImage(value);
      if (image) descriptions[value] = describeProductImage(image);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item);
    }
  };
  for (const section of sections) {
    for (const block of section.blocks) if (block.state.status === 'ready') visit(block.state.data);
  }
  return descriptions;
}
