// `npm run bench`: how fast is the real site compared with a bare node:http server that sends the
// very same bytes? Starts the site and the bare server as separate child processes, loads each
// with autocannon (in a third child process), prints a table and the floors from the issue, and
// writes bench/results/latest.json. A report, not a test: exits 0 even when a floor is missed.
// See bench/README.md. Settings: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3),
// BENCH_CONNECTIONS (50), BENCH_COOKIE (unset: requests carry no cookie), BENCH_IDLE_WAIT_SECONDS
// (10: how long to wait for other work on the machine to calm down before loading; 0 = don't),
// BENCH_SETTLE_SECONDS (5: how long the site idles before its memory is read).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuBetween, cpuSnapshot, machineBusy } from "../bench/cpu.mjs";
import { readMemory, sampleMemory } from "../bench/memory.mjs";
import { ask, forkTracked, killAll, killAllNow, stop } from "../bench/procs.mjs";
import { fetchRaw, freePort, startSite, waitForHealth } from "../bench/site.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bench = path.join(root, "bench");
const num = (name, fallback) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const SECONDS = num("BENCH_SECONDS", 10);
const WARMUP = Number.isFinite(Number(process.env.BENCH_WARMUP_SECONDS)) && process.env.BENCH_WARMUP_SECONDS !== undefined
  ? Math.max(0, Number(process.env.BENCH_WARMUP_SECONDS))
  : 3;
const CONNECTIONS = num("BENCH_CONNECTIONS", 50);
const COOKIE = process.env.BENCH_COOKIE || null;
const IDLE_WAIT = process.env.BENCH_IDLE_WAIT_SECONDS === undefined ? 10 : Math.max(0, Number(process.env.BENCH_IDLE_WAIT_SECONDS) || 0);
const SETTLE = process.env.BENCH_SETTLE_SECONDS === undefined ? 5 : Math.max(0, Number(process.env.BENCH_SETTLE_SECONDS) || 0);
const BUSY_CORES = 0.25; // above this, the machine is "busy" with something other than the bench

// The floors from the issue.
const FLOORS = { homeShare: 0.015, homeP99Ms: 250, citiesShare: 0.15 };

// The two requests, sent with identical method and headers to the bare server and the site.
const TARGETS = [
  { key: "home", label: "SSR home", method: "GET", path: "/", headers: COOKIE ? { cookie: COOKIE } : {} },
  {
    key: "cities",
    label: "cities API",
    method: "POST",
    path: "/api/v1/ttservice/cities",
    headers: { "content-length": "0", ...(COOKIE ? { cookie: COOKIE } : {}) },
  },
];

/* ---------- clean-up, whatever happens ---------- */

let tmpDir = null;
let interrupted = false;
async function cleanUp() {
  await killAll(12_000);
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = null;
}
process.on("exit", killAllNow);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    interrupted = true;
    console.error(`\n${signal}: stopping child processes…`);
    await cleanUp();
    process.exit(130);
  });
}
// Hard stop: build/start-up + idle wait + every run + slack: 117 s with the defaults; a normal
// run takes 65–80 s.
const watchdogMs = (120 + IDLE_WAIT + 2 * SETTLE + 2 * TARGETS.length * (WARMUP + SECONDS) + 10) * 1000;
const watchdog = setTimeout(async () => {
  console.error(`\nBENCH ABORTED: still running after ${watchdogMs / 1000} s; killing child processes.`);
  await cleanUp();
  process.exit(1);
}, watchdogMs);

/* ---------- helpers ---------- */

const fmtInt = (n) => Math.round(n).toLocaleString("en-US");
const fmtPct = (r) => `${(r * 100).toFixed(r < 0.1 ? 2 : 1)}%`;
const log = (...a) => console.log(...a);

/** Warm-up (discarded) then the measured run, from a fresh autocannon child process. */
async function loadTest(url, target, serverPid) {
  const child = forkTracked(`autocannon (${url})`, path.join(bench, "run-autocannon.mjs"));
  const opts = { url, method: target.method, headers: target.headers, connections: CONNECTIONS };
  try {
    let warmup = null;
    if (WARMUP > 0) {
      const w = await ask(child, { ...opts, seconds: WARMUP }, (WARMUP + 20) * 1000);
      warmup = { requestsPerSecond: w.requestsPerSecond, errors: w.errors, non2xx: w.non2xx };
    }
    const pids = { server: serverPid, loadGenerator: child.pid };
    const before = cpuSnapshot(pids);
    const result = await ask(child, { ...opts, seconds: SECONDS }, (SECONDS + 20) * 1000);
    return { ...result, cpuCores: cpuBetween(before, cpuSnapshot(pids)), warmup };
  } finally {
    await stop(child, 2000);
  }
}

/* ---------- the run ---------- */

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  log(`Bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up (discarded) + ${SECONDS} s measured per target.`);
  log(`Machine: ${os.cpus().length} cores, Node ${process.version}, 1-min load average before start ${loadBefore.toFixed(2)}.`);
  log(`Requests carry ${COOKIE ? `the cookie "${COOKIE}"` : "no cookie (a first-time guest)"} and no Accept-Encoding.`);

  if (!existsSync(path.join(root, "build/server/index.js"))) {
    log("No build yet: npm run build…");
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  }

  tmpDir = mkdtempSync(path.join(os.tmpdir(), "genisbant-bench-"));
  const port = await freePort();
  const dataDir = path.join(tmpDir, "data");
  const siteOutput = [];
  const oddities = [];
  let phase = "start-up";
  let site = null;
  let stoppingSite = false;
  // Starts (or, if something killed it, restarts) the site on the same port and DATA_DIR. A
  // start can fail because someone else is rebuilding build/ at that moment: try up to 3 times.
  const launchSite = async (attempt = 1) => {
    site = startSite({ root, port, dataDir, output: siteOutput });
    const child = site.child;
    child.once("exit", (code, signal) => {
      if (!stoppingSite) oddities.push(`The site exited by itself or was killed from outside (code ${code}, signal ${signal}) during ${phase}.`);
    });
    const t0 = Date.now();
    try {
      await waitForHealth(site, 120_000);
    } catch (err) {
      if (attempt >= 3 || !siteDown()) throw err;
      log(`The site failed to start (${err.message.split("\n").find((l) => l.startsWith("Error")) ?? "see output"}); retrying in 5 s…`);
      await new Promise((r) => setTimeout(r, 5000));
      return launchSite(attempt + 1);
    }
    log(`Site healthy after ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  };
  const siteDown = () => site.child.exitCode !== null || site.child.signalCode !== null;
  log(`Starting the site on port ${port} (fresh DATA_DIR ${dataDir})…`);
  await launchSite();

  // Capture the real responses. The site's idle memory is read after the first one (the home
  // page), once it has idled for SETTLE seconds: "after start-up and one request".
  const captures = {};
  const memory = { settleSeconds: SETTLE };
  const settle = () => new Promise((r) => setTimeout(r, SETTLE * 1000));
  for (const t of TARGETS) {
    const res = await fetchRaw(site.url + t.path, t);
    captures[t.key] = res;
    if (!memory.idle) {
      await settle();
      memory.idle = readMemory(site.child.pid);
    }
    if (res.status !== 200) oddities.push(`${t.label}: the site answered ${res.status}, not 200, when captured.`);
    if (res.headers["content-encoding"]) {
      oddities.push(`${t.label}: the site sent content-encoding ${res.headers["content-encoding"]} without being asked.`);
    }
  }
  const fixtures = TARGETS.map((t) => ({
    method: t.method,
    path: t.path,
    status: captures[t.key].status,
    contentType: captures[t.key].headers["content-type"],
    contentEncoding: captures[t.key].headers["content-encoding"] ?? null,
    body: captures[t.key].body.toString("base64"),
  }));
  const fixturesFile = path.join(tmpDir, "fixtures.json");
  writeFileSync(fixturesFile, JSON.stringify(fixtures));

  // The bare server, and a check that it answers the captured bytes.
  const bare = forkTracked("bare server", path.join(bench, "bare-server.mjs"), [fixturesFile]);
  const { port: barePort } = await ask(bare, undefined, 10_000);
  const bareUrl = `http://127.0.0.1:${barePort}`;
  for (const t of TARGETS) {
    const res = await fetchRaw(bareUrl + t.path, t);
    if (!res.body.equals(captures[t.key].body)) throw new Error(`the bare server's ${t.path} differs from the capture`);
  }

  // Other work on the machine (tests, browsers, builds) competes for the 2 cores: wait a little
  // for it to calm down, and say so if it does not.
  let busy = await machineBusy(1000);
  const waitUntil = Date.now() + IDLE_WAIT * 1000;
  while (busy !== null && busy > BUSY_CORES && Date.now() < waitUntil) busy = await machineBusy(1000);
  if (busy !== null) {
    log(`Machine busy just before loading: ${busy.toFixed(2)} of ${os.cpus().length} cores (site and bare server idle).`);
    if (busy > BUSY_CORES) {
      log("WARNING: other work is running on this machine; it competes with the bench and lowers the figures");
      log("         (see the \"other CPU\" column).");
    }
  }

  for (const t of TARGETS) {
    const c = captures[t.key];
    log(
      `Captured ${t.method} ${t.path}: ${c.status}, ${fmtInt(c.body.length)} bytes, ${c.headers["content-type"]}, ` +
        `${c.headers["content-encoding"] ? `encoding ${c.headers["content-encoding"]}` : "no content-encoding"}, ` +
        `${c.headers["transfer-encoding"] ? `transfer-encoding ${c.headers["transfer-encoding"]}` : "content-length"}.`,
    );
  }

  // Load: bare then real, per target, one after the other (2 cores: never two at once).
  const results = {};
  const sitePid = site.child.pid;
  const sampler = sampleMemory(sitePid);
  for (const t of TARGETS) {
    for (const [which, base] of [["bare", bareUrl], ["real", site.url]]) {
      if (which === "real" && siteDown()) {
        log("The site is not running any more (see below): restarting it…");
        oddities.push(`The site was restarted before the ${t.label} run.`);
        phase = `the restart before the ${t.label} run`;
        await launchSite();
      }
      phase = `the ${which} ${t.label} run`;
      process.stdout.write(`Loading ${which === "bare" ? "bare server" : "site"} ${t.method} ${t.path}… `);
      const r = await loadTest(base + t.path, t, which === "bare" ? bare.pid : site.child.pid);
      results[`${t.key}.${which}`] = r;
      log(`${fmtInt(r.requestsPerSecond)} req/s`);
    }
  }

  memory.peakUnderLoad = sampler.stop();
  if (site.child.pid !== sitePid) oddities.push("The site was restarted: its peak memory under load covers only the first process.");
  await settle();
  memory.afterLoad = readMemory(site.child.pid);

  phase = "the end of the bench";
  stoppingSite = true;
  await stop(bare, 2000);
  await stop(site.child, 12_000);
  clearTimeout(watchdog);

  /* ---------- report ---------- */

  const row = (name, r) =>
    r
      ? [
          name,
          fmtInt(r.requestsPerSecond),
          String(r.latencyMs.p50),
          String(r.latencyMs.p97_5),
          String(r.latencyMs.p99),
          `${r.errors} / ${r.non2xx}`,
          r.cpuCores ? r.cpuCores.server.toFixed(2) : "?",
          r.cpuCores ? r.cpuCores.loadGenerator.toFixed(2) : "?",
          r.cpuCores ? r.cpuCores.other.toFixed(2) : "?",
          r.cpuCores ? (r.cpuCores.steal ?? 0).toFixed(2) : "?",
        ]
      : [name, "—", "—", "—", "—", "no result", "", "", "", ""];
  const rows = [["target", "req/s", "p50 ms", "p97.5 ms", "p99 ms", "errors / non-2xx", "server CPU", "autocannon CPU", "other CPU", "steal"]];
  for (const t of TARGETS) {
    rows.push(row(`bare  ${t.method} ${t.path}`, results[`${t.key}.bare`]));
    rows.push(row(`site  ${t.method} ${t.path}`, results[`${t.key}.real`]));
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  log("");
  rows.forEach((r, i) => {
    log(r.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]) : cell.padStart(widths[j]))).join("  "));
    if (i === 0) log(widths.map((w) => "-".repeat(w)).join("  "));
  });
  log("(CPU columns: cores used during the measured run, out of " + os.cpus().length + "; \"other\" is everything else on the machine; \"steal\" is CPU the hypervisor gave to other guests.)");
  log("");

  const ratios = {};
  for (const t of TARGETS) {
    const b = results[`${t.key}.bare`];
    const r = results[`${t.key}.real`];
    ratios[t.key] = r && b ? r.requestsPerSecond / b.requestsPerSecond : 0;
    if (r && b) {
      log(
        `${t.label}: ${fmtInt(r.requestsPerSecond)} req/s = ${fmtPct(ratios[t.key])} of bare ` +
          `(${fmtInt(b.requestsPerSecond)} req/s); p99 ${r.latencyMs.p99} ms (bare ${b.latencyMs.p99} ms)`,
      );
    }
  }

  const home = results["home.real"];
  const cities = results["cities.real"];
  const checks = [
    {
      name: `SSR home >= ${fmtPct(FLOORS.homeShare)} of bare`,
      pass: ratios.home >= FLOORS.homeShare,
      value: fmtPct(ratios.home),
    },
    {
      name: `SSR home p99 < ${FLOORS.homeP99Ms} ms at ${CONNECTIONS} connections`,
      pass: !!home && home.latencyMs.p99 < FLOORS.homeP99Ms,
      value: home ? `${home.latencyMs.p99} ms` : "no result",
    },
    {
      name: `cities call >= ${fmtPct(FLOORS.citiesShare)} of bare`,
      pass: ratios.cities >= FLOORS.citiesShare,
      value: fmtPct(ratios.cities),
    },
    {
      name: "(sanity, not an issue floor) site: no errors, no non-2xx",
      pass: !!home && !!cities && home.errors + home.non2xx + cities.errors + cities.non2xx === 0,
      value: [home, cities].map((r) => (r ? `${r.errors}/${r.non2xx}` : "—")).join(", "),
    },
  ];
  if (CONNECTIONS !== 50) log(`Note: the floors are defined at 50 connections; this run used ${CONNECTIONS}.`);
  log("");
  log("Floors:");
  for (const c of checks) log(`  ${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.value}`);
  const failed = checks.filter((c) => !c.pass);
  if (failed.length) {
    log("");
    log("#".repeat(72));
    log(`##  FAIL: ${failed.length} of ${checks.length} checks missed: ${failed.map((c) => c.name).join("; ")}`);
    log("#".repeat(72));
  }

  const mib = (v) => (v === undefined || v === null || Number.isNaN(v) ? "?" : `${Math.round(v)} MiB`);
  log("");
  log("Site memory (resident set, RSS):");
  log(`  idle after start-up and one request (settled ${SETTLE} s): ${mib(memory.idle?.rss)} (highest so far ${mib(memory.idle?.hwm)})`);
  log(`  peak under the bench load (sampled every 200 ms):        ${mib(memory.peakUnderLoad)}`);
  log(`  after the load (settled ${SETTLE} s):                          ${mib(memory.afterLoad?.rss)} (highest ever ${mib(memory.afterLoad?.hwm)})`);

  const loadAfter = os.loadavg()[0];
  if (oddities.length) {
    log("");
    log("Odd things seen:");
    for (const o of oddities) log(`  - ${o}`);
  }
  // The site's JSON log lines (warnings and errors are reported; info lines are start-up and
  // shutdown only) versus other output, which is start.mjs rebuilding (sources newer than build/).
  const parsed = siteOutput.map((line) => {
    try {
      return { line, level: JSON.parse(line).level ?? 0 };
    } catch {
      return { line, level: null };
    }
  });
  const siteLogs = parsed.filter((p) => p.level !== null && p.level >= 40).map((p) => p.line);
  const lifecycle = parsed.filter((p) => p.level !== null && p.level < 40).map((p) => p.line);
  const otherOutput = parsed.filter((p) => p.level === null).map((p) => p.line);
  if (otherOutput.length) {
    log("");
    log(`The site printed ${otherOutput.length} non-log line(s) (scripts/start.mjs rebuilt the site: sources were newer than build/); first and last:`);
    log(`  ${otherOutput[0]}`);
    log(`  ${otherOutput.at(-1)}`);
  }
  log("");
  if (siteLogs.length) {
    log(`The site logged ${siteLogs.length} warning/error line(s); the first 10:`);
    for (const line of siteLogs.slice(0, 10)) log(`  ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
  } else {
    log("The site logged no warnings or errors.");
  }
  if (oddities.some((o) => o.includes("exited"))) {
    log("Its start/stop log lines (a shutdown with a signal the bench did not send means something outside killed it):");
    for (const line of lifecycle) log(`  ${line}`);
  }
  log("");
  log(`1-min load average: ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after (includes the bench's own load).`);

  const out = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    settings: { connections: CONNECTIONS, warmupSeconds: WARMUP, seconds: SECONDS, cookie: COOKIE, acceptEncoding: null, idleWaitSeconds: IDLE_WAIT },
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      busyCoresBeforeLoad: busy,
      loadAverage1mBefore: loadBefore,
      loadAverage1mAfter: loadAfter,
    },
    captured: Object.fromEntries(
      TARGETS.map((t) => {
        const c = captures[t.key];
        const { date: _date, ...headers } = c.headers;
        return [t.key, { method: t.method, path: t.path, requestHeaders: t.headers, status: c.status, bytes: c.body.length, headers }];
      }),
    ),
    results,
    memory,
    ratios,
    floors: FLOORS,
    checks: checks.map(({ name, pass, value }) => ({ name, pass, value })),
    oddities,
    siteLogs,
    siteLifecycle: lifecycle,
    siteOtherOutput: otherOutput,
  };
  mkdirSync(path.join(bench, "results"), { recursive: true });
  writeFileSync(path.join(bench, "results/latest.json"), `${JSON.stringify(out, null, 2)}\n`);
  log(`Results written to bench/results/latest.json.`);
}

main()
  .then(async () => {
    await cleanUp();
    // The password hash cost, in a process of its own (no load running).
    spawnSync(process.execPath, ["--import", "tsx", path.join(bench, "password-hash.mts")], { stdio: "inherit" });
    process.exit(0);
  })
  .catch(async (err) => {
    if (interrupted) return; // the signal handler is cleaning up and will exit
    console.error(`\nBENCH ERROR: ${err?.stack ?? err}`);
    await cleanUp();
    process.exit(1);
  });
