import type { BlockName } from '@storefront/contracts/block-fields';
import type { ComponentType } from 'react';
import { ImageDescriptions } from '../components/image-alt';
import { blockComponents } from './registry';
import type { BlockProps, PageContext, RenderedBlock } from './types';

/**
 * One block through the registry, with the customJS/customCSS its administrators configured (React hoists
 * and de-duplicates async scripts and stylesheets with a precedence). A block that could not load shows its
 * error state in place.
 */
export function BlockView({ block, page }: { block: RenderedBlock; page: PageContext }) {
  // The registry pairs each name with its component; TypeScript cannot follow that pairing through the union.
  const Component = blockComponents[block.componentName] as ComponentType<BlockProps<BlockName>>;
  return (
    <div
      className={`block block--${block.componentName}`}
      data-block-id={block.blockId}
      data-dev-label={page.devMode ? `${block.componentName} · ${block.blockId}` : undefined}
    >
      {block.styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="blocks" />
      ))}
      {block.scripts.map((src) => (
        <script key={src} src={src} async />
      ))}
      {block.state.status === 'ready' ? (
        <ImageDescriptions value={page.imageDescriptions}>
          <Component block={block} fields={block.state.fields} data={block.state.data} page={page} />
        </ImageDescriptions>
      ) : (
        <p className="notice notice--error" role="status">
          {block.state.message}
        </p>
      )}
    </div>
  );
}
