// `npm run test:e2e`: builds the site when there is no build yet, then runs the end-to-end suite
// (vitest.e2e.config.ts; the global setup starts the site itself) and exits with vitest's code.
// Extra arguments go to vitest, e.g. `npm run test:e2e -- tests/e2e/shell.test.ts -t search`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });

if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build yet: building…");
  const build = run([path.join(root, "node_modules/@react-router/dev/bin.js"), "build"]);
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const vitest = run([path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)]);
process.exit(vitest.status ?? 1);
