import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A module of React Router's production build: since React Router 8 one file per source module. */
const PRODUCTION_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].+\.js$/;
/** A link, form or navigation asking the router for a view transition (`viewTransition`). */
const VIEW_TRANSITION_OPTION = /\bviewTransition\b/;

interface Fold {
  /** What the router's code paths serve, and why this app never takes them. */
  reason: string;
  find: RegExp;
  replace: string;
}

/**
 * Checks of React Router's production build for features this app does not use, answered at build time, so
 * the minifier drops the code behind them.
 */
const FOLDS: Fold[] = [
  {
    reason: 'React Server Components: the app hydrates with HydratedRouter, which provides no RSC router',
    find: /= useIsRSCRouterContext\(\)/g,
    replace: '= false',
  },
  {
    reason: 'React Server Components: the error boundary reads the RSC router context (never set here)',
    find: /if \(this\.context\)(?= (?:\{\s*)?return \/\* @__PURE__ \*\/ React[\w$]*\.createElement\(RSCErrorHandler)/g,
    replace: 'if (false)',
  },
  {
    reason: "instrumentations: React Router's default browser entry passes none",
    find: /if \(init\.instrumentations\)/g,
    replace: 'if (false)',
  },
  {
    reason: 'view transitions: no link, form or navigation of the app asks for one, so none is replayed',
    find: /if \(isBrowser\d*\) \{(?=\s*restoreAppliedTransitions\()/g,
    replace: 'if (false) {',
  },
  {
    reason: 'view transitions: a back or forward navigation replays none, since none was applied',
    find: /if \(pendingAction === "POP"(?: \/\* Pop \*\/)? && !isUninterruptedRevalidation && location !== state\.location\) \{(?=\s*let priorPaths = appliedViewTransitions)/g,
    replace: 'if (false) {',
  },
  {
    reason: 'view transitions: no navigation asks for one',
    find: /\} else if \(pendingViewTransitionEnabled\) \{/g,
    replace: '} else if (false) {',
  },
  {
    reason: 'view transitions: the router provider never gets one to start',
    find: /let isViewTransitionAvailable = [^;]+;/g,
    replace: 'let isViewTransitionAvailable = false;',
  },
  {
    reason: 'hot module replacement: development only',
    find: /\w+\.createRoutesForHMR = (?:\/\*[^*]*\*\/\s*)?(?:UNSAFE_)?createClientRoutesWithHMRRevalidationOptOut;/g,
    replace: '',
  },
];

/**
 * The browser build leaves out React Router's code for React Server Components, instrumentations, view
 * transitions and hot module replacement, which this app never runs: 1.8 KB gzip on every page. Each check is
 * found in the router's code or the build fails, so a new router version cannot silently keep or lose them;
 * the browser entry must stay React Router's own, which passes no instrumentations, and the build fails when a
 * module of the app asks for a view transition.
 */
export function unusedRouterFeatures(): Plugin {
  const folded = new Set<Fold>();
  return {
    name: 'storefront:unused-router-features',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      for (const extension of ['tsx', 'ts', 'jsx', 'js']) {
        if (existsSync(join(config.root, 'app', `entry.client.${extension}`))) {
          throw new Error(
            `app/entry.client.${extension} may pass instrumentations to the router: review build-plugins/unused-router-features.ts`,
          );
        }
      }
    },
    transform(code, id) {
      if (!PRODUCTION_MODULE.test(id)) {
        if (!id.includes('node_modules') && VIEW_TRANSITION_OPTION.test(code)) {
          this.error(`${id} asks for a view transition: review build-plugins/unused-router-features.ts`);
        }
        return null;
      }
      let result = code;
      for (const fold of FOLDS) {
        const next = result.replace(fold.find, fold.replace);
        if (next !== result) folded.add(fold);
        result = next;
      }
      return result === code ? null : { code: result, map: null };
    },
    buildEnd() {
      const missing = FOLDS.filter((fold) => !folded.has(fold));
      if (missing.length > 0) {
        this.error(
          `React Router's code changed; not found: ${missing.map((fold) => fold.reason).join('; ')}`,
        );
      }
    },
  };
}
