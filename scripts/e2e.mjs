// `npm run test:e2e`: builds the site when its build is missing or older than its sources, then runs the end-to-end suite
// (vitest.e2e.config.ts; the global setup starts the site itself) and exits with vitest's code.
//
// The whole suite can run as E2E_SHARDS vitest processes side by side (default: 2 on four cores or
// more, else 1), each with its own site, database, mailbox and Chromium, so no file can see
// another's writes or rate limits. Files are
// dealt to the shards longest first by their last measured seconds (tests/e2e/durations.json,
// rewritten by a whole run when E2E_RECORD=1; a new file counts as a minute until measured).
// Each shard's lines are printed with its number as they come, and its summary at the end.
//
// Extra arguments go to one vitest process as before, e.g.
// `npm run test:e2e -- tests/e2e/shell.test.ts -t search`.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { ensureBuild } from "./ensure-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const vitestBin = path.join(root, "node_modules/vitest/vitest.mjs");
const baseArgs = [vitestBin, "run", "--config", "vitest.e2e.config.ts"];
const durationsFile = path.join(root, "tests/e2e/durations.json");
const UNKNOWN_SECONDS = 60;

try {
  ensureBuild();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const extra = process.argv.slice(2);
// Two shards want four cores: on two, the sweep's two tabs already keep both busy, and two shards
// only slow each other (measured: each file about twice as long, tests near their time limits).
const shards = Math.max(1, Number.parseInt(process.env.E2E_SHARDS ?? (os.availableParallelism() >= 4 ? "2" : "1"), 10) || 1);
if (extra.length > 0 || (shards === 1 && process.env.E2E_RECORD !== "1")) {
  const vitest = spawnSync(process.execPath, [...baseArgs, ...extra], { cwd: root, stdio: "inherit" });
  process.exit(vitest.status ?? 1);
}

/** Deals files to `count` shards, longest first, each to the shard with the least so far. */
function deal(files, seconds, count) {
  const groups = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const sorted = [...files].sort((a, b) => (seconds[b] ?? UNKNOWN_SECONDS) - (seconds[a] ?? UNKNOWN_SECONDS) || a.localeCompare(b));
  for (const file of sorted) {
    const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    lightest.files.push(file);
    lightest.seconds += seconds[file] ?? UNKNOWN_SECONDS;
  }
  return groups.filter((g) => g.files.length > 0);
}

function readDurations() {
  try {
    return JSON.parse(readFileSync(durationsFile, "utf8"));
  } catch {
    return {};
  }
}

const files = readdirSync(path.join(root, "tests/e2e"))
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => `tests/e2e/${f}`);
const groups = deal(files, readDurations(), shards);
const measured = {};
const started = Date.now();

function runShard(group, index) {
  const label = `[e2e ${index + 1}/${groups.length}]`;
  console.log(`${label} ${group.files.length} files, about ${Math.round(group.seconds / 60)} min: ${group.files.join(" ")}`);
  const child = spawn(process.execPath, [...baseArgs, ...group.files], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      console.log(`${label} ${line}`);
      // vitest's file line: " ✓ tests/e2e/x.test.ts (8 tests) 123456ms" (✓, ❯ or ×)
      // eslint-disable-next-line no-control-regex
      const m = /(tests\/e2e\/[\w.-]+\.test\.ts) \(\d+ tests?[^)]*\) (\d+)ms/.exec(line.replace(/\u001b\[[\d;]*m/g, ""));
      if (m) measured[m[1]] = Math.round(Number(m[2]) / 1000);
    });
  }
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(groups.map(runShard));
console.log(`[e2e] ${groups.length} shards finished in ${((Date.now() - started) / 60_000).toFixed(1)} min, exit codes ${codes.join(", ")}`);
if (process.env.E2E_RECORD === "1" && codes.every((c) => c === 0)) {
  const all = { ...readDurations(), ...measured };
  const sorted = Object.fromEntries(Object.keys(all).sort().map((k) => [k, all[k]]));
  writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`[e2e] durations written to ${path.relative(root, durationsFile)}`);
}
process.exit(codes.find((c) => c !== 0) ?? 0);
