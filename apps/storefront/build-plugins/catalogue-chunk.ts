import { join } from 'node:path';
import type { Rolldown } from 'vite';

type ChunkGroup = NonNullable<
  Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>['groups']
>[number];
type ModuleInfos = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

/** A module and every module it imports statically, our own code only (the framework is matched by name). */
function staticClosure(modules: ModuleInfos, start: string): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || /[\\/]node_modules[\\/]/.test(id)) return;
    const info = modules.getModuleInfo(id);
    if (!info) return;
    found.add(id);
    for (const imported of info.importedIds) visit(imported);
  };
  visit(start);
  return found;
}

/** React, React DOM and React Router: every page runs them. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

/**
 * One chunk for the code every catalogue page runs: the framework, the root, the template page with the
 * blocks it always carries (header, navigation, footer, rich text, image), and what the product page's block
 * shares with the product list's (the product tile, its cart button). Each file compresses on its own: the
 * framework and the storefront's code apart cost 0.8 KB gzip more, and each of our small modules in a file of
 * its own about 3 KB more (docs/decisions/0043). The lazily loaded blocks keep their own chunks: a product
 * page still loads no product list, cart, checkout or record code.
 */
export function catalogueChunk(appDirectory: string): ChunkGroup {
  const path = (file: string) => join(appDirectory, file);
  let cached: { root: Rolldown.ModuleInfo; modules: Set<string> } | undefined;
  const catalogueModules = (modules: ModuleInfos): Set<string> => {
    const root = modules.getModuleInfo(path('root.tsx'));
    if (!root) return new Set();
    // The module infos are the same objects throughout one chunking pass.
    if (cached?.root === root) return cached.modules;
    const productDetail = staticClosure(modules, path('blocks/product-detail/ProductDetail.tsx'));
    const productList = staticClosure(modules, path('blocks/product-list/ProductList.tsx'));
    const shared = [...productDetail].filter((id) => productList.has(id));
    cached = {
      root,
      modules: new Set([
        ...staticClosure(modules, path('root.tsx')),
        ...staticClosure(modules, path('routes/template-page.tsx')),
        ...shared,
      ]),
    };
    return cached.modules;
  };
  return {
    name: (id, modules) => (FRAMEWORK.test(id) || catalogueModules(modules).has(id) ? 'catalogue' : null),
  };
}
