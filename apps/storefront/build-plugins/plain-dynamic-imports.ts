import type { Plugin } from 'vite';

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps each `import()` of the browser build in a helper that first loads the stylesheets and preloads
 * of the imported chunk, even with `modulePreload: false` (vitejs/vite issues 13952 and 18551). Our lazily
 * loaded modules import no stylesheet, so the helper has nothing to load and only dispatches a
 * `vite:preloadError` event, which nothing here listens to; it weighs 0.6 KB gzip on every page. The helper
 * becomes a plain call of the import, and the build fails should an `import()` ever need a stylesheet first.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'storefront:plain-dynamic-imports',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        // Vite names an import's stylesheets and preloads through `__vite__mapDeps`.
        if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps')) {
          this.error(
            `${chunk.fileName} imports a chunk that needs its stylesheet first: drop plainDynamicImports`,
          );
        }
      }
    },
  };
}
