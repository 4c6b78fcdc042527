import clientChunks from 'virtual:client-chunks';
import { type ComponentType, lazy } from 'react';
import { preloadModule } from 'react-dom';
import { reloadOrThrow } from '../../lib/reload-guard';

/**
 * A part of the product block that only some product pages show, as a component whose code loads only where
 * it is rendered (docs/decisions/0043): a page that does not show it does not download it. `source` is the
 * module `load` imports, by its path under the app's root; a page the server renders with the part names the
 * part's chunks in its head, so they load beside the page's own code and hydration does not wait for them.
 */
export function lazyPart<P extends object>(
  source: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Loaded = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // Gone since the page loaded (a new version): the page is loaded again, once (lib/reload-guard).
        if (typeof window === 'undefined') throw error;
        return reloadOrThrow(error, window.location.pathname + window.location.search);
      },
    ),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at a module's top level.
  return function LazyPart(props: P) {
    if (import.meta.env.SSR) {
      for (const href of clientChunks[source] ?? []) preloadModule(href, { as: 'script' });
    }
    return <Loaded {...props} />;
  };
}
