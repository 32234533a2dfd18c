import { defineConfig } from "vitest/config";

// Unit tests sit beside their code; integration tests run the whole app in-process against a
// real database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Two cores on this machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["common/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/lint/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
