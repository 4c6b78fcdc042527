import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:client-chunks';
const RESOLVED_ID = `\0${ID}`;

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** A chunk's file and those of every chunk it imports statically, as URLs under `base`. */
function chunkUrls(manifest: Record<string, ManifestChunk>, key: string, base: string): string[] {
  const files = new Set<string>();
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files].map((file) => `${base}${file}`);
}

/**
 * `virtual:client-chunks`: for each module the browser loads with `import()`, by its path under the app's
 * root (`app/blocks/cart/Cart.tsx`), the URLs of its browser chunks. The server build reads the client
 * build's manifest (React Router builds the browser first and keeps the manifest until both are done), so
 * a page can name in its head the chunks of the lazily loaded blocks it renders. Elsewhere (the browser, the
 * unit tests) it is empty.
 */
export function clientChunks(): Plugin {
  let manifestPath = '';
  let base = '/';
  return {
    name: 'storefront:client-chunks',
    configResolved(config) {
      base = config.base;
      manifestPath = join(config.root, 'build', 'client', '.vite', 'manifest.json');
    },
    resolveId: (id) => (id === ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const serverBuild = this.environment.name === 'ssr' && this.environment.mode === 'build';
      if (!serverBuild || !existsSync(manifestPath)) return 'export default {};';
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
      const chunks = Object.fromEntries(
        Object.entries(manifest)
          .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src)
          .map(([key, chunk]) => [chunk.src, chunkUrls(manifest, key, base)]),
      );
      return `export default ${JSON.stringify(chunks)};`;
    },
  };
}
