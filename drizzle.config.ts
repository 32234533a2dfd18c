import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each area (and shared layer) declares its tables in its own schema.ts.
  schema: "./server/*/schema.ts",
  out: "./server/db/migrations",
});
