// One rule for "is the build current?", shared by `npm start`, the test suites' setups and `npm run test:e2e`:
// build when build/server/index.js is missing or any source is newer than it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** What the build is made from: a source newer than the build makes it stale. */
export const BUILD_SOURCES = ["app", "common", "server", "locales", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** "missing", "stale" or "current". */
export function buildState(buildDir = "build") {
  const buildFile = path.join(root, buildDir, "server/index.js");
  if (!existsSync(buildFile)) return "missing";
  const changedAt = Math.max(...BUILD_SOURCES.map((s) => newestMtime(path.join(root, s))));
  return changedAt > statSync(buildFile).mtimeMs ? "stale" : "current";
}

/** Builds when the build is missing or older than its sources; throws with the output when the build fails. */
export function ensureBuild({ log = console.log, buildDir = "build", force = false } = {}) {
  const state = force ? "forced" : buildState(buildDir);
  if (state === "current") return false;
  log(state === "missing" ? "No build yet: building…" : "Sources changed since the last build: building…");
  const res = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    env: buildDir === "build" ? process.env : { ...process.env, BUILD_DIR: buildDir },
  });
  if (res.status !== 0) throw new Error(`The build failed:\n${res.stdout}\n${res.stderr}`);
  return true;
}
