import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repository root: `npx drizzle-kit generate --config packages/identity/drizzle.config.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/identity/src/db/schema.ts',
  out: './packages/identity/src/db/migrations',
  casing: 'snake_case',
  schemaFilter: ['identity'],
  migrations: { table: '__identity_migrations' },
});
