import type { Section } from '@storefront/contracts/blocks';
import { isVisibleTo } from '../lib/visibility';

const TYPE_ORDER: Record<Section['sectionType'], number> = { Header: 0, Content: 1, Footer: 2 };

/**
 * Header sections first, Content next, Footer last, each by sortOrder; blocks by column, then by
 * configuration.sequence (blocks without one keep their place after those with one).
 */
export function orderSections(sections: readonly Section[]): Section[] {
  const sequence = (block: Section['blocks'][number]) =>
    block.configuration.sequence ?? Number.POSITIVE_INFINITY;
  return [...sections]
    .sort((a, b) => TYPE_ORDER[a.sectionType] - TYPE_ORDER[b.sectionType] || a.sortOrder - b.sortOrder)
    .map((section) => ({
      ...section,
      blocks: [...section.blocks].sort((a, b) => a.column - b.column || sequence(a) - sequence(b)),
    }));
}

/** The sections and blocks the viewer may see (spec P§5); a section whose every block is hidden goes too. */
export function visibleSections(sections: readonly Section[], viewer: { isGuest: boolean }): Section[] {
  return sections.flatMap((section) => {
    if (!isVisibleTo(section.visibility, viewer)) return [];
    const blocks = section.blocks.filter((block) => isVisibleTo(block.configuration.visibility, viewer));
    return section.blocks.length > 0 && blocks.length === 0 ? [] : [{ ...section, blocks }];
  });
}
