import type { Config } from '@react-router/dev/config';

// As the storefront's own (apps/storefront/react-router.config.ts): server rendering, nothing else.
export default {
  ssr: true,
} satisfies Config;
