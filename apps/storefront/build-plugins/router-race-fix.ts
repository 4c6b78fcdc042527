import type { Plugin } from 'vite';

/** The router's own module in React Router 8's production build (one file per source module). */
const PRODUCTION_MODULE =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]router\.js$/;

/**
 * Where a navigation to a page whose route the browser does not know yet enters its `loading` state and asks
 * the server's manifest for the route (lazy route discovery), before it numbers its load.
 */
const DISCOVERY_START =
  /if \(isFogOfWar\) \{(?=\s*if \(shouldUpdateNavigationState\) \{\s*let actionData = getUpdatedActionData\(pendingActionResult\);)/g;
/** The router's numbering of a navigation's load, which the patch moves to the start of discovery as well. */
const LOAD_NUMBERING = 'pendingNavigationLoadId = ++incrementingLoadId;';
/** The fetcher's rule the numbering feeds: a newer fetcher revalidation completes a loading navigation. */
const FETCHER_TAKEOVER = /state\.navigation\.state === "loading" && loadId > pendingNavigationLoadId/;

export const DISCOVERY_LOAD_NUMBERING = `if (isFogOfWar) {\n      ${LOAD_NUMBERING}`;

/**
 * React Router 7.18 and 8.4 (and its main branch) completes a navigation with a fetcher's data when the fetcher's
 * revalidation ends while the navigation is loading and the fetcher's load is numbered after the
 * navigation's. A navigation to a route not yet discovered is `loading` while it fetches the manifest but
 * numbers its load only after that: a fetcher whose action ended before the click (an "Add to list" whose
 * page is still revalidating) counts as newer, so its revalidation completes the navigation with the current
 * page's routes and data at the new address and aborts the manifest's request. The buyer sees the address
 * of the page they clicked, and the page they were on.
 *
 * The patch numbers the navigation's load when it enters that `loading` state, as the router does for a
 * navigation whose routes are known: revalidations begun before it only update the current page's data, and
 * a fetcher's redirect begun before it gives way to it. The build fails when the router's code no longer has
 * the place or the rule, so a new version is reviewed rather than silently patched or unpatched.
 */
export function fixRouterCode(code: string): string {
  if (!code.includes(LOAD_NUMBERING) || !FETCHER_TAKEOVER.test(code)) return code;
  return code.replace(DISCOVERY_START, DISCOVERY_LOAD_NUMBERING);
}

/** The browser build's React Router, with the fix above. */
export function routerRaceFix(): Plugin {
  let fixed = false;
  return {
    name: 'storefront:router-race-fix',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!PRODUCTION_MODULE.test(id)) return null;
      const result = fixRouterCode(code);
      if (result === code) return null;
      fixed = true;
      return { code: result, map: null };
    },
    buildEnd() {
      if (!fixed) {
        this.error(
          "React Router's code changed: a navigation's load numbering during route discovery was not found; review build-plugins/router-race-fix.ts",
        );
      }
    },
  };
}
