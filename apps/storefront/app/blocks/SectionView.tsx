import { BlockView } from './BlockView';
import { columnTracks, sectionStyle } from './layout';
import type { PageContext, RenderedBlock, RenderedSection } from './types';

/** A section: its layout, styling and background, and its blocks placed in their columns. */
export function SectionView({ section, page }: { section: RenderedSection; page: PageContext }) {
  const tracks = columnTracks(section.layout);
  // A layout whose columns do not match columnSize has empty styles: its blocks simply stack.
  const columns = tracks ? groupByColumn(section.blocks, tracks.length) : [section.blocks];
  return (
    <div className={`section section--${section.sectionType.toLowerCase()}`} style={sectionStyle(section)}>
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
