import { BlockView } from './BlockView';
import type { PageContext, RenderedBlock, RenderedSection } from './types';

/** A section: its layout, styling and background, and its blocks placed in their columns. */
export function SectionView({ section, page }: { section: RenderedSection; page: PageContext }) {
  const columns = groupByColumn(section.blocks, section.columnCount);
  return (
    <div className={`section section--${section.sectionType.toLowerCase()}`} style={section.style}>
      {columns.map((blocks, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a column is identified by its position.
        <div key={index} className="section__column">
          {blocks.map((block) => (
            <BlockView key={block.blockId} block={block} page={page} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Blocks per column; a column index beyond the layout goes to the last column. */
function groupByColumn(blocks: readonly RenderedBlock[], count: number): RenderedBlock[][] {
  const columns: RenderedBlock[][] = Array.from({ length: count }, () => []);
  for (const block of blocks) columns[Math.min(block.column, count - 1)]?.push(block);
  return columns;
}
