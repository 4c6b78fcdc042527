import type { BlockLoader } from '../loader-types.server';

/** Only a Navigation-format block lists the catalogue's top-level categories. */
export const loadNavigation: BlockLoader<'navigation'> = async ({ block, catalogue }) => {
  if (block.blockFormat !== 'Navigation') return { categories: [] };
  const categories = (await catalogue())?.categories ?? [];
  return { categories: categories.filter((category) => category.parentId === null) };
};
