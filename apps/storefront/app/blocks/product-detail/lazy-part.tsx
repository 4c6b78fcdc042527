import clientChunks from 'virtual:client-chunks';
import { type ComponentType, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { preloadModule } from 'react-dom';
import { reloadOrThrow } from '../../lib/reload-guard';

const noSubscription = () => () => {};

/** False while the page the server rendered hydrates (and on the server), true for a part mounted later. */
const useMountedLater = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A part of the product block that only some product pages show, as a component whose code loads only where
 * it is rendered (docs/decisions/0043): a page that does not show it does not download it. `source` is the
 * module `load` imports, by its path under the app's root.
 *
 * The server renders the part in place and names its chunks in the page's head, so they load beside the page's
 * own code, and the page hydrates once they are there, as it does for the lazily loaded blocks. Mounted later,
 * after an in-app navigation, the part shows once its code has arrived, the rest of the page already in place
 * (the previous page does not stand under the new address meanwhile).
 */
export function lazyPart<P extends object>(source: string, load: () => Promise<ComponentType<P>>) {
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
  return function LazyPart(props: P) {
    if (import.meta.env.SSR) {
      for (const href of clientChunks[source] ?? []) preloadModule(href, { as: 'script' });
    }
    const waiting = useMountedLater() && !loaded;
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (!waiting) return;
      // Arrived or not, the part renders: code that did not load reloads the page (above).
      const arrived = () => setArrived(true);
      code().then(arrived, arrived);
    }, [waiting]);
    return waiting ? null : <Loaded {...props} />;
  };
}
