// `npm run bench:blog`: latency of the blog's services (server/blog/) over generated data
// (bench/blog-data.ts): 20,000 posts (two languages, nine categories, 50 companies, twins, tags),
// 200,000 comments and a week of views. Each row is one service as a page or /api/v1 call makes
// it, one at a time on one connection: the list, a category's list, a company's list, a tag, a
// word search, the post (with its twin, related posts, packages and comment count), its comments,
// and the blog's highlights uncached and kept (decision 016). In memory on PGlite, or on
// DATABASE_URL's PostgreSQL (into a database of its own, dropped afterwards).
// Floor: p95 < 50 ms for every row.
import { sql } from "drizzle-orm";
import { blogCategories } from "../common/blog-categories";
import { listBlogComments } from "../server/blog/comments";
import { getBlogPost } from "../server/blog/get-post";
import { blogHighlights, listBlogPosts, popularBlogTags, trendingBlogPosts } from "../server/blog/list-posts";
import { areaModules } from "../server/modules";
import { createLogger } from "../server/platform/logger";
import { createShortCache } from "../server/platform/short-cache";
import { rebuildSearch } from "../server/search";
import { openBenchDatabase, measure, reportRows } from "./bench-database";
import { BLOG_WORDS, generateBlog, pick } from "./blog-data";
import { cpuSnapshot } from "./cpu.mjs";

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const FLOOR_MS = 50;

const { handle, drop } = await openBenchDatabase("gb_bench_blog");
const db = handle.db;
const t0 = performance.now();
const { companies: companyRows, published } = await generateBlog(db, { posts: POSTS, comments: COMMENTS });
console.log(`blog on ${handle.kind}: ${POSTS.toLocaleString("en")} posts, ${COMMENTS.toLocaleString("en")} comments, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${SAMPLES} samples per row`);

// The word search reads the site search's index, built here as the site builds it.
await rebuildSearch({ db, modules: areaModules });
// Fresh statistics, as bench:search takes them (PGlite has no autovacuum to gather them).
await db.execute(sql`ANALYZE`);
const log = createLogger("silent");
const uncached = { db, modules: areaModules, log, pageCache: createShortCache({ keepMs: 0 }) };
const kept = { db, modules: areaModules, log, pageCache: createShortCache({ keepMs: 60_000 }) };
const opts = { samples: SAMPLES, floorMs: FLOOR_MS };
const before = cpuSnapshot({ bench: process.pid });
const results = [
  await measure("list, page 1 (tr)", () => listBlogPosts(uncached, { locale: "tr" }), opts),
  await measure("list, page 1 (en)", () => listBlogPosts(uncached, { locale: "en" }), opts),
  await measure("list, page 40", () => listBlogPosts(uncached, { locale: "tr", page: 40 }), opts),
  await measure("category list", (i) => listBlogPosts(uncached, { locale: "tr", filters: { categoryUrl: pick(blogCategories, i).url } }), opts),
  await measure("company list", (i) => listBlogPosts(uncached, { locale: "tr", filters: { companySlug: pick(companyRows, i).slug } }), opts),
  await measure("tag list", (i) => listBlogPosts(uncached, { locale: "tr", filters: { tag: pick(BLOG_WORDS, i) } }), opts),
  await measure("word search", (i) => listBlogPosts(uncached, { locale: "tr", filters: { q: pick(BLOG_WORDS, i) } }), opts),
  await measure("post", (i) => getBlogPost(uncached, { id: pick(published, i * 104_729), locale: "tr" }), opts),
  await measure("post's comments", (i) => listBlogComments(uncached, { postId: pick(published, i * 104_729), user: null }), opts),
  await measure("featured", () => listBlogPosts(uncached, { locale: "tr", filters: { featured: true }, pageSize: 6 }), opts),
  await measure("trending", () => trendingBlogPosts(uncached, { locale: "tr" }), opts),
  await measure("tag cloud", () => popularBlogTags(uncached, { locale: "tr" }), opts),
  await measure("highlights, uncached", () => blogHighlights(uncached, { locale: "tr" }), opts),
  await measure("highlights, kept", () => blogHighlights(kept, { locale: "tr" }), opts),
];
reportRows(results, before);
await handle.close();
await drop();
