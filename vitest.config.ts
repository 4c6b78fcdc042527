import { defineConfig } from 'vitest/config';
import { clientChunks } from './apps/storefront/build-plugins/client-chunks';

export default defineConfig({
  test: {
    projects: [
      {
        // Server tests load the storefront's page loaders, which import the browser build's chunk map.
        plugins: [clientChunks()],
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The storefront's server modules import the browser build's chunk map (empty outside its build).
        plugins: [clientChunks()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/storefront/app/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
