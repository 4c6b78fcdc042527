import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { clientChunks } from './build-plugins/client-chunks.ts';
import { pureSchemas } from './build-plugins/pure-schemas.ts';

export default defineConfig({
  plugins: [reactRouter(), pureSchemas(), clientChunks()],
  build: { modulePreload: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
              ],
            },
          },
        },
      },
    },
  },
});
