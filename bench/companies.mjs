// `npm run bench:companies`: the company directory over a generated catalogue (10,000 companies,
// 200,000 reviews; bench/generate-companies.ts). Loads the list with a city, a sub type and a text
// search, and a profile page: single-connection latency (p95 from autocannon's histogram, p97.5
// and p99 too) and 50-connection requests/s, each beside a bare node:http server answering the
// same bytes (the share of bare, as `npm run bench` reports for the home page). A report, not a
// test. PGlite by default; DATABASE_URL=postgres://… runs it on PostgreSQL (the database must be
// empty or hold this catalogue). Settings: BENCH_SECONDS (8), BENCH_CONNECTIONS (50),
// COMPANIES, REVIEWS.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ask, forkTracked, killAll, killAllNow, stop } from "./procs.mjs";
import { fetchRaw, freePort, startSite, waitForHealth } from "./site.mjs";

const root = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS) || 8;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const TARGETS = [
  { key: "list", label: "list: sub type + city + text", path: "/isletmeler/kablolu-internet/istanbul?q=anadolu" },
  { key: "profile", label: "profile", path: "/kablolu-internet/bench-8" },
  { key: "api", label: "API list (same filters)", path: "/api/v1/companies?subType=kablolu-internet&state=istanbul&q=anadolu" },
];

let tmpDir = mkdtempSync(path.join(os.tmpdir(), "gb-bench-companies-"));
async function cleanUp() {
  await killAll(8000);
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = null;
}
process.on("exit", killAllNow);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, async () => (await cleanUp(), process.exit(130)));

async function load(url, connections) {
  const child = forkTracked(`autocannon (${url})`, path.join(root, "bench/run-autocannon.mjs"));
  try {
    await ask(child, { url, method: "GET", headers: {}, connections, seconds: 2 }, 30_000); // warm-up
    return await ask(child, { url, method: "GET", headers: {}, connections, seconds: SECONDS }, (SECONDS + 30) * 1000);
  } finally {
    await stop(child, 2000);
  }
}

/** p95 from single-connection sequential requests (autocannon reports p97.5, not p95). */
async function p95(url, count = 200) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetchRaw(url, { method: "GET", headers: {} });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), max: times.at(-1) };
}

async function main() {
  const kind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`Company bench on ${kind}: ${os.cpus().length} cores, Node ${process.version}.`);
  if (!existsSync(path.join(root, "build/server/index.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  const gen = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "bench/generate-companies.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATA_DIR: tmpDir },
  });
  if (gen.status !== 0) throw new Error("the generator failed");

  process.env.SEED_DEMO = "0";
  const site = startSite({ root, port: await freePort(), dataDir: tmpDir });
  await waitForHealth(site, 90_000);
  const captures = [];
  for (const t of TARGETS) {
    const res = await fetchRaw(site.url + t.path, { method: "GET", headers: {} });
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
    captures.push({ method: "GET", path: t.path, status: res.status, contentType: res.headers["content-type"], contentEncoding: null, body: res.body.toString("base64"), bytes: res.body.length });
  }
  const fixtures = path.join(tmpDir, "fixtures.json");
  writeFileSync(fixtures, JSON.stringify(captures));
  const bare = forkTracked("bare server", path.join(root, "bench/bare-server.mjs"), [fixtures]);
  const { port: barePort } = await ask(bare, undefined, 10_000);
  const bareUrl = `http://127.0.0.1:${barePort}`;

  const rows = [];
  for (const [i, t] of TARGETS.entries()) {
    const single = await p95(site.url + t.path);
    const siteLoad = await load(site.url + t.path, CONNECTIONS);
    const bareLoad = await load(bareUrl + t.path, CONNECTIONS);
    rows.push({ t, bytes: captures[i].bytes, single, siteLoad, bareLoad });
  }
  await stop(bare, 2000);
  await stop(site.child, 8000);

  console.log("");
  console.log(`| target | bytes | 1-conn p50 ms | 1-conn p95 ms | ${CONNECTIONS}-conn req/s | p99 ms | bare req/s | share of bare | errors/non-2xx |`);
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of rows) {
    const share = r.siteLoad.requestsPerSecond / r.bareLoad.requestsPerSecond;
    console.log(
      `| ${r.t.label} | ${r.bytes} | ${r.single.p50.toFixed(1)} | ${r.single.p95.toFixed(1)} | ${Math.round(r.siteLoad.requestsPerSecond)} | ${r.siteLoad.latencyMs.p99} | ${Math.round(r.bareLoad.requestsPerSecond)} | ${(share * 100).toFixed(2)}% | ${r.siteLoad.errors}/${r.siteLoad.non2xx} |`,
    );
  }
  console.log(`\nSingle-connection p95 under 50 ms: ${rows.every((r) => r.single.p95 < 50) ? "yes" : "NO"} (${kind}).`);
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
