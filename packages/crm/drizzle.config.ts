import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repository root, where `npm run db:generate` runs.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/crm/src/db/schema.ts',
  out: './packages/crm/migrations',
  casing: 'snake_case',
});
