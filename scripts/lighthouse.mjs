// Lighthouse 12 (mobile emulation, the defaults) on the key pages of every area, in both languages where it matters.
//
//   node scripts/lighthouse.mjs                         starts the site itself (like the e2e
//                                                       suite: free port, fresh DATA_DIR, no SMTP)
//   node scripts/lighthouse.mjs http://localhost:3000   audits a site already running there
//   node scripts/lighthouse.mjs --strict [url]          exits 1 when a category is below target
//   node scripts/lighthouse.mjs --json=out.json [url]   also writes the full reports
//   node scripts/lighthouse.mjs --pages=/a,/en/a [url]  only these pages
//   node scripts/lighthouse.mjs --runs=3 [url]          each page 3 times, the median run reported
//
// Every page is requested once before the audits: a site in use is warm (its code compiled,
// its kept answers filled), and the first audit of a fresh process measured the warm-up (a
// performance score 10-15 points under the same page's next runs). Lighthouse's own advice is
// the median of several runs, as scores vary by a few points from run to run.
//
// Prints, per page, the scores of performance, accessibility, best-practices and seo, and the
// failing audits (id and title) of every category below 100 (performance: below 90). Chromium is
// /usr/bin/chromium (CHROMIUM_PATH to change it), launched here with a DevTools port that
// Lighthouse connects to.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { freePort } from "../bench/site.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { startOwnSite } from "./start-own-site.mjs";

// Both languages (decision 008): the English pages at their /en URLs.
// The pages the issues name (directory, packages, infrastructure, speed test) use the demo data's
// stable addresses.
const ALL_PAGES = [
  "/sikca-sorulan-sorular",
  "/en/sikca-sorulan-sorular",
  "/iletisim",
  "/",
  "/en",
  "/giris",
  "/hesap-olustur",
  "/isletmeler",
  "/kablolu-internet/pusula-fiber-demo",
  "/paketler",
  "/kablolu-internet/pusula-fiber-demo/paket/eko-fiber-1000-mbps-taahhutsuz",
  "/paketler/karsilastir?p=1,2,3",
  "/kablolu-internet/pusula-fiber-demo/kesinti",
  "/en/kablolu-internet/pusula-fiber-demo/kesinti",
  "/isletmeler/karne-yontemi",
  "/internet-altyapi-hiz-sorgulama",
  "/internet-altyapi-hiz-sorgulama/daire/200000000",
  "/internet-altyapi-hiz-sorgulama/izmir",
  "/internet-hiz-testi",
  "/en/internet-hiz-testi",
  "/arama/fiber",
  "/en/arama/fiber",
  "/blog-yazilari",
  "/blog/telekomunikasyon/adsl-vdsl-ve-fiber-farklari-ve-hizin-hat-uzunluguyla-dususu-1",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/**
 * Pages that are `noindex` by the specification (search results, issue 21): Lighthouse's
 * "is-crawlable" audit fails them by design, so it is left out of their SEO score (and said so).
 */
const NOINDEX = /^(\/en)?\/arama\//;
/** Category score (0–1) below which its failing audits are listed. */
const TARGET = { performance: 0.9, accessibility: 1, "best-practices": 1, seo: 1 };

const args = process.argv.slice(2);
const strict = args.includes("--strict");
const jsonOut = args.find((a) => a.startsWith("--json="))?.slice("--json=".length);
const RUNS = Math.max(1, Number(args.find((a) => a.startsWith("--runs="))?.slice("--runs=".length)) || 1);
const onlyPages = args.find((a) => a.startsWith("--pages="))?.slice("--pages=".length);
// Pages are separated by commas that start a path ("/a,/b?p=1,2": two pages).
const PAGES = onlyPages ? onlyPages.split(/,(?=\/)/) : ALL_PAGES;
const givenUrl = args.find((a) => !a.startsWith("--"));


async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "genisbant-lh-profile-"));
  const proc = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, "--remote-debugging-address=127.0.0.1", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  proc.stderr.on("data", (c) => (stderr = (stderr + c).slice(-5000)));
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`Chromium did not open its DevTools port ${port}:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async close() {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const pct = (score) => (score === null || score === undefined ? "n/a" : String(Math.round(score * 100)));

function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const limit = categoryId === "performance" ? 0.9 : 1;
  return category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode) && a.score < limit)
    .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue }));
}

let site;
let chromium;
let belowTarget = false;
const reports = {};
try {
  let base = givenUrl;
  if (!base) {
    console.log("Starting the site…");
    site = await startOwnSite();
    base = site.baseUrl;
  }
  chromium = await launchChromium();
  const { version } = createRequire(import.meta.url)("lighthouse/package.json");
  console.log(`Lighthouse ${version}, Chromium ${CHROMIUM_PATH}, against ${base}\n`);

  for (const pagePath of PAGES) await fetch(new URL(pagePath, base)).then((res) => res.arrayBuffer());

  const summary = [];
  for (const pagePath of PAGES) {
    const target = new URL(pagePath, base).href;
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(target, {
        port: chromium.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        ...(NOINDEX.test(pagePath) ? { skipAudits: ["is-crawlable"] } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${target}`);
      runs.push(result.lhr);
    }
    // The median run by performance score (the other categories do not vary between runs).
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    // Lighthouse's CPU benchmark of this machine: the 4x slowdown is relative to it, so the same
    // page scores lower on a slower machine (compare figures across machines with it).
    const benchmark = runs.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)).join(", ");
    if (NOINDEX.test(pagePath)) console.log(`${pagePath}: noindex by design, "is-crawlable" left out of SEO`);
    if (RUNS > 1) console.log(`${pagePath}: performance over ${RUNS} runs ${runs.map((r) => pct(r.categories.performance?.score)).join(", ")} (benchmark index ${benchmark})`);
    reports[pagePath] = lhr;
    if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const w of lhr.runWarnings ?? []) console.log(`  warning: ${w}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
    summary.push({ page: pagePath, ...Object.fromEntries(CATEGORIES.map((c) => [c, pct(scores[c])])) });

    console.log(`${pagePath}`);
    console.log(`  ${CATEGORIES.map((c) => `${c} ${pct(scores[c])}`).join(" | ")}`);
    for (const c of CATEGORIES) {
      if (scores[c] !== null && scores[c] >= TARGET[c]) continue;
      belowTarget = true;
      const failing = failingAudits(lhr, c);
      console.log(`  ${c} below ${TARGET[c] * 100}: ${failing.length} failing audit(s)`);
      for (const a of failing) {
        console.log(`    - ${a.id}: ${a.title} (score ${pct(a.score)}${a.displayValue ? `, ${a.displayValue}` : ""})`);
      }
    }
    const m = lhr.audits;
    const metric = (id) => m[id]?.displayValue ?? "n/a";
    console.log(
      `  metrics: FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}\n`,
    );
  }
  console.table(summary);
  if (jsonOut) {
    writeFileSync(jsonOut, JSON.stringify(reports, null, 2));
    console.log(`Full reports written to ${jsonOut}`);
  }
} finally {
  await chromium?.close();
  await site?.stop();
}
process.exit(strict && belowTarget ? 1 : 0);
