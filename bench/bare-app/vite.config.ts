import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The storefront's vite.config.ts without its own build plugins and chunking: React Router's plugin alone.
export default defineConfig({
  plugins: [reactRouter()],
  build: { modulePreload: false },
});
