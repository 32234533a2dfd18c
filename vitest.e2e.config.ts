import { defineConfig } from "vitest/config";

// End-to-end tests: a real Chromium against the production build started once by the global
// setup. `npm run test:e2e` (scripts/e2e.mjs) builds first when needed.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    // Two cores: one test file (one browser) at a time.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ["verbose"],
  },
});
