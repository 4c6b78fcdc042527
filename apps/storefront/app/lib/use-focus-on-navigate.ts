import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/** Whether the page the document was loaded with has rendered; set once per browser session. */
let firstPageShown = false;

/**
 * After a client-side navigation to another page, moves focus to `target` (the main landmark) so keyboard
 * and screen-reader users start at the new content. The page the document loads with keeps the browser's
 * focus. Scrolling stays with ScrollRestoration (top, anchor or the saved position), so focusing never
 * scrolls; a URL with a hash leaves focus to its anchor.
 */
export function useFocusOnNavigate(target: RefObject<HTMLElement | null>): void {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the navigation to react to.
  useEffect(() => {
    if (!firstPageShown) {
      firstPageShown = true;
      return;
    }
    if (!hash) target.current?.focus({ preventScroll: true });
  }, [pathname, hash, target]);
}
