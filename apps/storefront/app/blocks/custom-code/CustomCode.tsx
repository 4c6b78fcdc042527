import type { BlockProps } from '../types';

/**
 * Custom code (issue 11): the block is its customJS/customCSS, which BlockView loads through the same
 * sanitised resource URLs as every block's; it shows no content of its own beyond an optional heading.
 */
export function CustomCode({ fields }: BlockProps<'customCode'>) {
  return fields.heading ? <h2>{fields.heading}</h2> : null;
}
