import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations from server/db/schema.ts; the app applies them at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
