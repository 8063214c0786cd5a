import { defineConfig } from "drizzle-kit";

// Migrations are generated once from db/schema.ts and applied at start-up on both
// PGlite and PostgreSQL: `npm run db:generate -- --name what-changed`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
