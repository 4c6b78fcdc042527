import type { Plugin } from 'vite';

/** A module of React Router's production build: since React Router 8 one file per source module. */
const PRODUCTION_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].+\.js$/;
const DEVELOPMENT_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/;
/** Calls of the router's warning helpers (not their declarations), which only write to the console. */
const WARNING_CALL = /(?<![\w$.]|function )\b(warning|warningOnce|warnOnce)\(/g;

/**
 * The browser build takes React Router's production build, without its developer warnings. React Router 8's
 * exports choose the production build unless the `development` condition is set (a production build sets
 * `production`), so a development module in a production build fails it. The production build leaves out the
 * development checks but still calls its console warnings, whose messages weigh about 1.3 KB gzip. Those calls
 * are marked pure, so the minifier drops them with their messages; the router's errors stay.
 */
export function productionRouter(): Plugin {
  let building = false;
  return {
    name: 'storefront:production-router',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      building = config.command === 'build' && config.mode === 'production';
    },
    transform(code, id) {
      if (building && DEVELOPMENT_MODULE.test(id)) {
        this.error(
          `${id} is React Router's development build: the browser build must take its production build`,
        );
      }
      if (!PRODUCTION_MODULE.test(id)) return null;
      const annotated = code.replace(WARNING_CALL, '/* @__PURE__ */ $1(');
      return annotated === code ? null : { code: annotated, map: null };
    },
  };
}
