import clientChunks from 'virtual:client-chunks';
import { type ComponentType, lazy, Suspense } from 'react';
import { preloadModule } from 'react-dom';
import { reloadOrThrow } from '../../lib/reload-guard';

/** A part of the product block whose code loads only where it is shown; `load` loads it ahead. */
export type LazyPart<P> = ComponentType<P> & { load(): Promise<unknown> };

/**
 * A part of the product block that only some product pages show, as a component whose code loads only where
 * it is rendered (docs/decisions/0043): a page that does not show it does not download it. `source` is the
 * module `load` imports, by its path under the app's root.
 *
 * The server renders the part in place: its code is loaded before the first page (`load`, ProductDetail.tsx),
 * so it never waits for it, and the page names the part's chunks in its head, so they load beside the page's
 * own code. In the browser the part hydrates once its code is there, the server's HTML standing meanwhile, and
 * after an in-app navigation it shows as soon as its code arrives, the rest of the page already in place.
 */
export function lazyPart<P extends object>(
  source: string,
  load: () => Promise<ComponentType<P>>,
): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  const code = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Loaded = lazy(() => {
    if (loaded) {
      const component = loaded;
      // A thenable that calls back at once, which React reads without suspending (as the block registry's).
      const settled = {
        // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is the point.
        then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: component }),
      };
      return settled as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return code().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // Gone since the page loaded (a new version): the page is loaded again, once (lib/reload-guard).
        if (typeof window === 'undefined') throw error;
        return reloadOrThrow(error, window.location.pathname + window.location.search);
      },
    );
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at a module's top level.
  function Part(props: P) {
    if (import.meta.env.SSR) {
      for (const href of clientChunks[source] ?? []) preloadModule(href, { as: 'script' });
    }
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(Part, { load: code });
}
