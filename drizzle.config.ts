import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.ts", "./server/blog/schema.ts"],
  out: "./server/db/migrations",
});
