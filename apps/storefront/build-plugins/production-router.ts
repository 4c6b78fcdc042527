import type { Plugin } from 'vite';

const DEVELOPMENT_BUILD = /([\\/]node_modules[\\/]react-router[\\/]dist[\\/])development([\\/])/;
const PRODUCTION_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** Calls of the router's warning helpers (not their declarations), which only write to the console. */
const WARNING_CALL = /(?<![\w$.]|function )\b(warning|warningOnce|warnOnce)\(/g;

/**
 * The browser build takes React Router's production build, without its developer warnings. The package's
 * exports name only its development build (react-router issue 14102); the production build beside it leaves
 * out the development checks but still calls its console warnings, whose messages weigh about 1.3 KB gzip.
 * Those calls are marked pure, so the minifier drops them with their messages; the router's errors stay.
 */
export function productionRouter(): Plugin {
  return {
    name: 'storefront:production-router',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DEVELOPMENT_BUILD.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id.replace(DEVELOPMENT_BUILD, '$1production$2') };
    },
    transform(code, id) {
      if (!PRODUCTION_MODULE.test(id)) return null;
      const annotated = code.replace(WARNING_CALL, '/* @__PURE__ */ $1(');
      return annotated === code ? null : { code: annotated, map: null };
    },
  };
}
