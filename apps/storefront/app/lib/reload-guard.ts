/** Spec P§9: a reload's marker lasts 10 s; within them the same page is not reloaded again. */
export const RELOAD_GUARD_MS = 10_000;
/** Session storage: the page last reloaded to recover from code that did not load, and until when. */
const MARKER_KEY = 'EC_Reload';

interface Marker {
  path: string;
  until: number;
}

type Browser = { sessionStorage: Storage; location: Pick<Location, 'assign'> };

function markerIn(storage: Storage): Marker | null {
  try {
    const value = JSON.parse(storage.getItem(MARKER_KEY) ?? 'null') as Partial<Marker> | null;
    return typeof value?.path === 'string' && typeof value.until === 'number' ? (value as Marker) : null;
  } catch {
    return null;
  }
}

/**
 * Loads `path` as a new document, to recover from page code that could not be loaded (a new version of the
 * storefront replaced it): the server's page names the new code. Answers false, and loads nothing, when the
 * same path was reloaded so within the last 10 s: the code is missing for another reason, and the caller
 * shows its error instead of reloading in a loop.
 */
export function reloadOnce(path: string, browser: Browser = window, now = Date.now()): boolean {
  const marker = markerIn(browser.sessionStorage);
  if (marker && marker.path === path && marker.until > now) return false;
  browser.sessionStorage.setItem(MARKER_KEY, JSON.stringify({ path, until: now + RELOAD_GUARD_MS }));
  browser.location.assign(path);
  return true;
}

/**
 * Code that did not load: the page at `path` is loaded again (it never settles, the document is being
 * replaced), or, reloaded within the last 10 s already, the error stands.
 */
export function reloadOrThrow(error: unknown, path: string): Promise<never> {
  if (reloadOnce(path)) return new Promise(() => {});
  throw error;
}
