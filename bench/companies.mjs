// `npm run bench:companies`: the company directory over a generated catalogue (10,000 companies,
// 200,000 reviews; bench/generate-companies.ts). Loads the list with a city, a sub type and a text
// search, and a profile page. `npm run bench:packages` (`node bench/companies.mjs packages`): the
// same catalogue plus 100,000 packages; loads /paketler with the spec's filter combinations, a
// package page and the search call. For each target: single-connection latency (p50/p95 of 200
// sequential requests) and 50-connection requests/s, each beside a bare node:http server answering
// the same bytes (the share of bare, as `npm run bench` reports for the home page). A report, not
// a test. PGlite by default; DATABASE_URL=postgres://… runs it on PostgreSQL (the database must be
// empty or hold this catalogue). `npm run bench:record` (`node bench/companies.mjs record`): the
// same catalogue with 100,000 packages and a provider's record (bench/record-data.ts: 10 price
// changes per package, 1,000,000 outage reports, 100,000 speed tests); loads the provider page
// (scorecard and price changes), the outage page and their calls, each over the twenty providers
// with the most data in turn, with the page cache off (PAGE_CACHE_SECONDS=0: every request
// computes its figures). Settings: BENCH_SECONDS (8), BENCH_CONNECTIONS (50), COMPANIES, REVIEWS,
// PACKAGES, PRICE_CHANGES, OUTAGE_REPORTS, SPEED_TESTS, BENCH_DATA_DIR (PGlite: keep the generated
// data there and reuse it on the next run).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuBetween, cpuSnapshot } from "./cpu.mjs";
import { ask, forkTracked, killAll, killAllNow, stop } from "./procs.mjs";
import { fetchRaw, freePort, startSite, waitForHealth } from "./site.mjs";

const root = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS) || 8;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const SET = ["packages", "record"].includes(process.argv[2]) ? process.argv[2] : "companies";
const json = { "content-type": "application/json" };
const TARGETS = {
  companies: [
    { key: "list", label: "list: sub type + city + text", path: "/isletmeler/kablolu-internet/istanbul?q=anadolu" },
    { key: "profile", label: "profile", path: "/kablolu-internet/bench-8" },
    { key: "api", label: "API list (same filters)", path: "/api/v1/companies?subType=kablolu-internet&state=istanbul&q=anadolu" },
  ],
  packages: [
    { key: "default", label: "/paketler (internet, cheapest first)", path: "/paketler" },
    { key: "story", label: "fiber, >= 100 Mbps, 12 months, by total cost", path: "/paketler?kind=internet&tech=fiber&speed=100&commitment=12&sort=total" },
    { key: "many", label: "İstanbul, <= 600 TL, no commitment, free modem and activation, by price per Mbps", path: "/paketler?kind=internet&maxPrice=600&commitment=none&modem=free&activation=free&city=istanbul&sort=perMbps" },
    { key: "tech", label: "VDSL or ADSL, 24 months, TV, by speed, page 3", path: "/paketler?kind=internet&tech=vdsl&tech=adsl&commitment=24&tv=1&sort=speed&page=3" },
    { key: "hosting", label: "hosting, by price", path: "/paketler?kind=hosting" },
    { key: "package", label: "a package page", path: null },
    {
      key: "api",
      label: "API search (the story's filters)",
      path: "/api/v1/packages/search",
      method: "POST",
      headers: json,
      body: JSON.stringify({ kind: "internet", tech: ["fiber"], speed: 100, commitment: "12", sort: "total" }),
    },
  ],
  // `paths` (filled in from the generated providers): the requests go round them.
  record: [
    { key: "profile", label: "provider page (scorecard, price changes), 20 providers in turn", path: null, paths: (p) => `/${p.profileSegment}/${p.slug}` },
    { key: "outages", label: "outage page, 20 providers in turn", path: null, paths: (p) => `/${p.profileSegment}/${p.slug}/kesinti` },
    { key: "scorecard", label: "API scorecard", path: null, paths: (p) => `/api/v1/companies/${p.slug}/scorecard` },
    { key: "outagesApi", label: "API outage reports", path: null, paths: (p) => `/api/v1/companies/${p.slug}/outages` },
    { key: "priceChanges", label: "API a provider's price changes", path: null, paths: (p) => `/api/v1/companies/${p.slug}/price-changes` },
    { key: "priceHistory", label: "API a package's price history", path: null, paths: (p) => `/api/v1/packages/${p.packageId}/price-history` },
  ],
}[SET];

// BENCH_DATA_DIR: generate into (and keep) this directory, so that a second run reuses its data.
const keptDir = process.env.BENCH_DATA_DIR || null;
let tmpDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), "gb-bench-companies-"));
async function cleanUp() {
  await killAll(8000);
  if (tmpDir && !keptDir) rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = null;
}
process.on("exit", killAllNow);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, async () => (await cleanUp(), process.exit(130)));

const requestOf = (t) => ({ method: t.method ?? "GET", headers: t.headers ?? {}, body: t.body });

async function load(url, connections, t) {
  const child = forkTracked(`autocannon (${url})`, path.join(root, "bench/run-autocannon.mjs"));
  try {
    await ask(child, { url, ...requestOf(t), connections, seconds: 2 }, 30_000); // warm-up
    return await ask(child, { url, ...requestOf(t), connections, seconds: SECONDS }, (SECONDS + 30) * 1000);
  } finally {
    await stop(child, 2000);
  }
}

/** p95 from single-connection sequential requests (autocannon reports p97.5, not p95); round `t.pathList` when it has one. */
async function p95(base, t, count = 200) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const url = base + (t.pathList ? t.pathList[i % t.pathList.length] : t.path);
    const t0 = performance.now();
    const res = await fetchRaw(url, requestOf(t));
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), max: times.at(-1) };
}

async function main() {
  const kind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`${SET === "packages" ? "Package" : "Company"} bench on ${kind}: ${os.cpus().length} cores, Node ${process.version}.`);
  if (!existsSync(path.join(root, "build/server/index.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  const gen = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "bench/generate-companies.ts")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      DATA_DIR: tmpDir,
      ...(SET !== "companies" ? { PACKAGES: process.env.PACKAGES ?? "100000" } : {}),
      ...(SET === "record" ? { RECORD: "1" } : {}),
    },
  });
  if (gen.status !== 0) throw new Error("the generator failed");

  process.env.SEED_DEMO = "0";
  if (SET === "record") process.env.PAGE_CACHE_SECONDS = "0";
  const site = startSite({ root, port: await freePort(), dataDir: tmpDir });
  await waitForHealth(site, 90_000);
  for (const t of TARGETS.filter((t) => t.path === null)) {
    // A package page: the first internet package the story's search finds.
    const found = await fetchRaw(site.url + "/api/v1/packages/search", { method: "POST", headers: json, body: JSON.stringify({ kind: "internet", tech: ["fiber"], sort: "total" }) });
    t.path = JSON.parse(found.body.toString()).items[0].path;
  }
  if (SET === "record") {
    // The providers with the most data (bench/record-data.ts), each with its first internet package.
    const providers = [];
    for (const { slug, packageId } of JSON.parse(readFileSync(path.join(tmpDir, "record-providers.json"), "utf8"))) {
      const company = JSON.parse((await fetchRaw(`${site.url}/api/v1/companies/${slug}`, { method: "GET", headers: {} })).body.toString());
      providers.push({ slug, profileSegment: company.company.profileSegment, packageId });
    }
    for (const t of TARGETS) {
      t.pathList = providers.filter((p) => t.key !== "priceHistory" || p.packageId).map(t.paths);
      t.path = t.pathList[0];
    }
  }
  const captures = [];
  for (const t of TARGETS) {
    const res = await fetchRaw(site.url + t.path, requestOf(t));
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
    captures.push({ method: requestOf(t).method, path: t.path, status: res.status, contentType: res.headers["content-type"], contentEncoding: null, body: res.body.toString("base64"), bytes: res.body.length });
  }
  const fixtures = path.join(tmpDir, "fixtures.json");
  writeFileSync(fixtures, JSON.stringify(captures));
  const bare = forkTracked("bare server", path.join(root, "bench/bare-server.mjs"), [fixtures]);
  const { port: barePort } = await ask(bare, undefined, 10_000);
  const bareUrl = `http://127.0.0.1:${barePort}`;

  const rows = [];
  const cpuBefore = cpuSnapshot({ site: site.child.pid });
  for (const [i, t] of TARGETS.entries()) {
    const single = await p95(site.url, t);
    const siteLoad = await load(site.url + t.path, CONNECTIONS, t);
    const bareLoad = await load(bareUrl + t.path, CONNECTIONS, t);
    rows.push({ t, bytes: captures[i].bytes, single, siteLoad, bareLoad });
  }
  const cpu = cpuBetween(cpuBefore, cpuSnapshot({ site: site.child.pid }));
  await stop(bare, 2000);
  await stop(site.child, 8000);

  console.log("");
  console.log(`| target | bytes | 1-conn p50 ms | 1-conn p95 ms | ${CONNECTIONS}-conn req/s | p99 ms | bare req/s | share of bare | errors/non-2xx |`);
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of rows) {
    const share = r.siteLoad.requestsPerSecond / r.bareLoad.requestsPerSecond;
    console.log(
      `| ${r.t.label}${r.t.key === "package" ? ` (${r.t.path})` : ""} | ${r.bytes} | ${r.single.p50.toFixed(1)} | ${r.single.p95.toFixed(1)} | ${Math.round(r.siteLoad.requestsPerSecond)} | ${r.siteLoad.latencyMs.p99} | ${Math.round(r.bareLoad.requestsPerSecond)} | ${(share * 100).toFixed(2)}% | ${r.siteLoad.errors}/${r.siteLoad.non2xx} |`,
    );
  }
  if (cpu) console.log(`\nCores (of ${os.cpus().length}) over the measured runs: site ${cpu.site}, other ${cpu.other}, steal ${cpu.steal}${cpu.steal > 0.05 ? " (the hypervisor took CPU: figures may be high)" : ""}.`);
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
