import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema alone; the app applies them at start on either engine.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
