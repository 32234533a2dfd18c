import { defineConfig } from "vitest/config";

// Opt-in memory measurements (`npm run test:memory`): whole-process memory thresholds, so they
// run alone, one file at a time, never as part of the ordinary suite.
export default defineConfig({
  test: {
    name: "memory",
    include: ["tests/memory/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    reporters: ["verbose"],
  },
});
