// `npm run bench:search`: the site search (server/search/) over a generated corpus: 10,000
// companies, 100,000 packages (bench/catalogue.ts) and 20,000 blog posts (bench/blog-data.ts).
// First the whole corpus is indexed again as `npm run search:rebuild` does, with its time and the
// process's peak memory; then each row is one service call as the results page, its show-more
// link or the overlay's suggestion call makes it, one at a time on one connection, uncached (the
// search keeps nothing between calls). Queries: whole names, names without Turkish letters, a
// typo, a word cut short, category and technology words, body words, several words, and words
// that find nothing. In memory on PGlite, or on DATABASE_URL's PostgreSQL (a database of its
// own, dropped afterwards). BENCH_COMPANIES, BENCH_PACKAGES, BENCH_POSTS and BENCH_SAMPLES set
// the sizes.
// Floors (p95): suggestions < 20 ms, the results page < 50 ms.
import { sql } from "drizzle-orm";
import { companies } from "../server/companies/schema";
import { areaModules } from "../server/modules";
import { createLogger } from "../server/platform/logger";
import { countDocuments, rebuildSearch, searchSite, searchSuggestions } from "../server/search";
import { rowsOf } from "../server/db/rows";
import { openBenchDatabase, measure, reportRows } from "./bench-database";
import { generateBlog } from "./blog-data";
import { generateCatalogue } from "./catalogue";
import { cpuSnapshot } from "./cpu.mjs";

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const SUGGESTION_FLOOR_MS = 20;
const PAGE_FLOOR_MS = 50;

// What people type, as the results page gets it (whole words) and as the overlay gets it while
// typing (the last word cut short). Words from the generated names (bench/catalogue.ts), the
// demo packages' terms and the posts' vocabulary (bench/blog-data.ts).
const PAGE_QUERIES = [
  "anadolu", "yildiz telekom", "Şimşek Fiber", "karadenz", "goktürk bilisim", "IŞIK NET", "ulker veri", "kizilirmak",
  "fiber", "vdsl", "hosting", "veri merkezi", "mobile internet", "data center", "sunucu", "taahhüt", "modem kurulum",
  "güvenlik", "televizyon yayın", "gecikme ping", "100 mbps", "ege marmara net", "xqzvbn", "kuantum bilgisayar",
];
const SUGGESTION_QUERIES = [
  "ana", "anad", "yıld", "yildiz tel", "şimş", "fib", "fiber in", "vds", "host", "veri mer", "sun", "taah", "mode",
  "ege ma", "poyr", "meltem f", "dijital t", "kab", "gök", "ulk", "xqz", "tel", "net", "bil",
];

const { handle, drop } = await openBenchDatabase("gb_bench_search");
const db = handle.db;
const log = createLogger("silent");
const app = { db, modules: areaModules, log };
const progress = (line: string) => process.stderr.isTTY && process.stderr.write(line);

let t0 = performance.now();
await generateCatalogue(db, { companies: COMPANIES, reviews: COMPANIES * 2, packages: PACKAGES }, progress);
const owners = await db.select({ id: companies.id, slug: companies.slug }).from(companies).orderBy(companies.id).limit(200);
await generateBlog(db, { posts: POSTS, comments: 0 }, owners);
// The triggers queued every record written; the rebuild below builds them all.
console.log(`search on ${handle.kind}: ${COMPANIES.toLocaleString("en")} companies, ${PACKAGES.toLocaleString("en")} packages, ${POSTS.toLocaleString("en")} posts, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

t0 = performance.now();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
const built = await rebuildSearch(app, ({ kind, done }) => {
  peak = Math.max(peak, process.memoryUsage().rss);
  progress(`\rre-indexing ${kind}: ${done}   `);
});
clearInterval(sampler);
progress("\n");
await db.execute(sql`ANALYZE`);
const pending = Number(rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM search_pending`))[0]?.n ?? 0);
console.log(
  `re-indexed ${built.documents.toLocaleString("en")} documents (${JSON.stringify(await countDocuments(db))}), ${built.words.toLocaleString("en")} words in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
    `peak memory ${(peak / 2 ** 20).toFixed(0)} MB (${((peak - rssBefore) / 2 ** 20).toFixed(0)} MB above the start)${pending ? `; ${pending} still queued` : ""}`,
);

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const page = { samples: SAMPLES, floorMs: PAGE_FLOOR_MS };
const suggest = { samples: SAMPLES, floorMs: SUGGESTION_FLOOR_MS };
const before = cpuSnapshot({ bench: process.pid });
const results = [
  await measure("suggestions (tr)", (i) => searchSuggestions(app, { q: pick(SUGGESTION_QUERIES, i), locale: "tr" }), suggest),
  await measure("suggestions (en)", (i) => searchSuggestions(app, { q: pick(SUGGESTION_QUERIES, i + 7), locale: "en" }), suggest),
  await measure("results page (tr)", (i) => searchSite(app, { q: pick(PAGE_QUERIES, i), locale: "tr" }), page),
  await measure("results page (en)", (i) => searchSite(app, { q: pick(PAGE_QUERIES, i + 5), locale: "en" }), page),
  await measure("show more: packages, page 2", (i) => searchSite(app, { q: pick(["fiber", "vdsl", "hosting", "sunucu", "anadolu"], i), locale: "tr", kind: "package", page: "2" }), page),
  // Long and pathological valid searches (tests/integration/search.test.ts checks their answers).
  await measure("results page, pathological", (i) => searchSite(app, { q: pick(["a".repeat(60), "a b c d e f g h i j k l m n o p q r s t u v w x y z", "ıııııııııı", "0000000000", "İİİ İİİ", "fiber ".repeat(10).trim()], i), locale: "tr" }), page),
  await measure("show more: companies, page 3", (i) => searchSite(app, { q: pick(["net", "telekom", "anadolu", "fiber"], i), locale: "tr", kind: "company", page: "3" }), page),
];
reportRows(results, before);

// Where the p95s come from: each query's median over five calls, the slowest first.
const perQuery: { call: string; q: string; ms: number }[] = [];
const median5 = async (run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
};
for (const q of SUGGESTION_QUERIES) perQuery.push({ call: "suggestions", q, ms: await median5(() => searchSuggestions(app, { q, locale: "tr" })) });
for (const q of PAGE_QUERIES) perQuery.push({ call: "results page", q, ms: await median5(() => searchSite(app, { q, locale: "tr" })) });
perQuery.sort((a, b) => b.ms - a.ms);
console.log(`slowest queries (median of 5, tr): ${perQuery.slice(0, 12).map((r) => `${r.call} "${r.q}" ${r.ms.toFixed(1)} ms`).join("; ")}`);
await handle.close();
await drop();
