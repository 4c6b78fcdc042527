import clientChunks from 'virtual:client-chunks';
import { lazyBlockSources } from './registry';
import type { RenderedSection } from './types';

/**
 * The browser chunks of the lazily loaded blocks a page renders: the page names them in its head, so they
 * load beside the page's own code instead of after it.
 */
export function blockScripts(sections: readonly RenderedSection[]): string[] {
  const urls = new Set<string>();
  for (const section of sections) {
    for (const block of section.blocks) {
      const source = block.state.status === 'ready' ? lazyBlockSources[block.componentName] : undefined;
      for (const url of (source && clientChunks[source]) || []) urls.add(url);
    }
  }
  return [...urls];
}
