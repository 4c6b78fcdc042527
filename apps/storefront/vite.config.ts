import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { catalogueChunk } from './build-plugins/catalogue-chunk.ts';
import { clientChunks } from './build-plugins/client-chunks.ts';
import { plainDynamicImports } from './build-plugins/plain-dynamic-imports.ts';
import { productionRouter } from './build-plugins/production-router.ts';
import { pureSchemas } from './build-plugins/pure-schemas.ts';
import { routerRaceFix } from './build-plugins/router-race-fix.ts';
import { unusedReactFeatures } from './build-plugins/unused-react-features.ts';
import { unusedRouterFeatures } from './build-plugins/unused-router-features.ts';

export default defineConfig({
  plugins: [
    reactRouter(),
    productionRouter(),
    unusedRouterFeatures(),
    routerRaceFix(),
    unusedReactFeatures(),
    pureSchemas(),
    clientChunks(),
    plainDynamicImports(),
  ],
  build: { modulePreload: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                catalogueChunk(fileURLToPath(new URL('./app', import.meta.url))),
                // The product grid and its tiles, for the pages that list products (a product page's block loads
                // them only for a product not in the viewer's catalogue): one file, not two.
                { name: 'ProductGrid', test: /[\\/]app[\\/]components[\\/]Product(Grid|Tile)\.tsx$/ },
              ],
            },
          },
        },
      },
    },
  },
});
