import { defineConfig } from "vitest/config";

// `npm run test:cluster` (issue 22): two instances of the built site on the machine's PostgreSQL
// and Redis and an S3-compatible server the suite starts (tests/cluster/cluster.ts). One file at
// a time: each starts its own pair of instances, and the faults stop shared services.
export default defineConfig({
  test: {
    name: "cluster",
    include: ["tests/cluster/**/*.test.ts"],
    globalSetup: ["tests/cluster/global-setup.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
