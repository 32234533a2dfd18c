// `npm run test:e2e`: builds the site when its build is missing or older than its sources, then runs the end-to-end suite
// (vitest.e2e.config.ts; the global setup starts the site itself) and exits with vitest's code.
// Extra arguments go to vitest, e.g. `npm run test:e2e -- tests/e2e/shell.test.ts -t search`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });

try {
  ensureBuild();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const vitest = run([path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)]);
process.exit(vitest.status ?? 1);
