import { defineConfig } from "drizzle-kit";

// Migrations are generated once from db/schema.ts and applied at start-up, on the
// embedded PostgreSQL and on DATABASE_URL alike: `npm run db:generate -- --name what-changed`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
