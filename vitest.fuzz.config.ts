import { defineConfig } from "vitest/config";

// `npm run fuzz` (issue 22, item 7): the API document's calls with generated bodies and
// parameters on the embedded database. FUZZ_SEED and FUZZ_RUNS replay a run.
export default defineConfig({
  test: {
    name: "fuzz",
    include: ["tests/fuzz/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 1_800_000,
    hookTimeout: 180_000,
  },
});
