/**
 * drizzle-kit configuration: `npx drizzle-kit generate --config server/drizzle.config.ts`
 * (npm run db:generate) writes the SQL migrations of src/db/schema.ts into server/drizzle/,
 * which are committed and applied at start by src/db/migrate.ts. Paths are from the repo root.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
  strict: true,
  verbose: true,
});
