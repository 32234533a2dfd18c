// `npm run bench:blog`: latency of the blog's services (server/blog/) over generated data: 20,000
// posts (two languages, nine categories, 50 companies, twins, tags), 200,000 comments and a week
// of views. Each row is one service as a page or /api/v1 call makes it, one at a time on one
// connection: the list, a category's list, a company's list, a tag, a word search, the post
// (with its twin, related posts, packages and comment count), its comments, and the blog's
// highlights uncached and kept (decision 016). In memory on PGlite, or on DATABASE_URL's
// PostgreSQL (into a database of its own, dropped afterwards).
// Floor: p95 < 50 ms for every row.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { blogCategories } from "../common/blog-categories";
import { blogTitleSlug } from "../common/blog/post-url";
import { listBlogComments } from "../server/blog/comments";
import { getBlogPost } from "../server/blog/get-post";
import { blogHighlights, listBlogPosts, popularBlogTags, trendingBlogPosts } from "../server/blog/list-posts";
import { blogComments, blogPosts, blogPostViews } from "../server/blog/schema";
import { postSearchText } from "../server/blog/write-post";
import { companies } from "../server/companies/schema";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { createShortCache } from "../server/platform/short-cache";
import { seedReferenceData } from "../server/reference/seed";
import { dayInTurkey } from "../common/reminders";

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const FLOOR_MS = 50;

const WORDS = "fiber altyapı hız modem hat port vdsl adsl kablo gecikme ping indirme yükleme taahhüt fatura kurulum sunucu hosting veri merkezi güvenlik oyun yayın televizyon internet paket tarife kampanya".split(" ");
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => pick(WORDS, seed * 7 + i * 13)).join(" ");

async function open(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { handle: await openDatabase({}), drop: async () => {} };
  const name = `gb_bench_blog_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: dbUrl.toString() });
  return {
    handle,
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const { handle, drop } = await open();
const db = handle.db;
const t0 = performance.now();
await seedReferenceData(db);
const companyRows = await db
  .insert(companies)
  .values(Array.from({ length: 50 }, (_, i) => ({ name: `Bench Şirket ${i}`, slug: `bench-sirket-${i}`, typeId: 2, subTypeId: 2, publishState: "published" as const, publishedAt: new Date() })))
  .returning({ id: companies.id, slug: companies.slug });

const now = Date.now();
for (let start = 0; start < POSTS; start += 1000) {
  const batch = Array.from({ length: Math.min(1000, POSTS - start) }, (_, k) => {
    const i = start + k;
    const title = `${words(6, i)} ${i}`;
    const text = Array.from({ length: 4 }, (_, p) => words(40, i + p)).join("\n\n");
    const tags = [pick(WORDS, i), pick(WORDS, i * 3 + 1)].filter((t, j, a) => a.indexOf(t) === j);
    const publishAt = new Date(now - i * 3_600_000);
    return {
      title,
      subtitle: words(12, i + 1),
      slug: blogTitleSlug(title),
      language: (i % 4 === 3 ? "en" : "tr") as "tr" | "en",
      categoryId: blogCategories[i % blogCategories.length]!.id,
      companyId: i % 3 === 0 ? null : companyRows[i % companyRows.length]!.id,
      tags,
      content: { type: "doc", content: text.split("\n\n").map((p) => ({ type: "paragraph", content: [{ type: "text", text: p }] })) },
      contentText: text,
      readingMinutes: 1,
      state: (i % 50 === 7 ? "draft" : "published") as "draft" | "published",
      publishAt,
      publishedAt: publishAt,
      featured: i % 500 === 1,
      searchText: postSearchText({ title, subtitle: words(12, i + 1), tags, contentText: text }),
    };
  });
  await db.insert(blogPosts).values(batch);
}
// Every fourth post (English) is the twin of the Turkish one before it.
await db.execute(sql`UPDATE blog_posts SET twin_id = id - 1 WHERE language = 'en'`);
await db.execute(sql`UPDATE blog_posts p SET twin_id = e.id FROM blog_posts e WHERE e.twin_id = p.id`);
const postIds = (await db.select({ id: blogPosts.id }).from(blogPosts).orderBy(blogPosts.id)).map((r) => r.id);
for (let start = 0; start < COMMENTS; start += 5000) {
  await db.insert(blogComments).values(
    Array.from({ length: Math.min(5000, COMMENTS - start) }, (_, k) => {
      const i = start + k;
      return { postId: pick(postIds, i * 7919), name: `Okur ${i % 1000}`, email: `okur${i % 1000}@example.com`, body: words(20, i), state: (i % 10 === 0 ? "unconfirmed" : "confirmed") as "confirmed" | "unconfirmed", createdAt: new Date(now - i * 60_000) };
    }),
  );
}
const views = [];
for (let d = 0; d < 7; d++) for (let i = 0; i < 2000; i++) views.push({ postId: pick(postIds, i * 31 + d), day: dayInTurkey(new Date(now - d * 86_400_000)), views: (i * 17) % 97 });
for (let start = 0; start < views.length; start += 5000) await db.insert(blogPostViews).values(views.slice(start, start + 5000)).onConflictDoNothing();
await db.execute(sql`ANALYZE`);
console.log(`blog on ${handle.kind}: ${POSTS.toLocaleString("en")} posts, ${COMMENTS.toLocaleString("en")} comments, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${SAMPLES} samples per row`);

const uncached = { db, pageCache: createShortCache({ keepMs: 0 }) };
const kept = { db, pageCache: createShortCache({ keepMs: 60_000 }) };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(name: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return { name, p50: +percentile(times, 50).toFixed(2), p95: +p95.toFixed(2), max: +times.at(-1)!.toFixed(2), pass: p95 < FLOOR_MS };
}

const published = postIds.filter((_, i) => i % 50 !== 7);
const results = [
  await measure("list, page 1 (tr)", () => listBlogPosts(uncached, { locale: "tr" })),
  await measure("list, page 1 (en)", () => listBlogPosts(uncached, { locale: "en" })),
  await measure("list, page 40", () => listBlogPosts(uncached, { locale: "tr", page: 40 })),
  await measure("category list", (i) => listBlogPosts(uncached, { locale: "tr", filters: { categoryUrl: pick(blogCategories, i).url } })),
  await measure("company list", (i) => listBlogPosts(uncached, { locale: "tr", filters: { companySlug: pick(companyRows, i).slug } })),
  await measure("tag list", (i) => listBlogPosts(uncached, { locale: "tr", filters: { tag: pick(WORDS, i) } })),
  await measure("word search", (i) => listBlogPosts(uncached, { locale: "tr", filters: { q: pick(WORDS, i) } })),
  await measure("post", (i) => getBlogPost(uncached, { id: pick(published, i * 104_729), locale: "tr" })),
  await measure("post's comments", (i) => listBlogComments(uncached, { postId: pick(published, i * 104_729), user: null })),
  await measure("featured", () => listBlogPosts(uncached, { locale: "tr", filters: { featured: true }, pageSize: 6 })),
  await measure("trending", () => trendingBlogPosts(uncached, { locale: "tr" })),
  await measure("tag cloud", () => popularBlogTags(uncached, { locale: "tr" })),
  await measure("highlights, uncached", () => blogHighlights(uncached, { locale: "tr" })),
  await measure("highlights, kept", () => blogHighlights(kept, { locale: "tr" })),
];
console.table(results);
await handle.close();
await drop();
if (results.some((r) => !r.pass)) process.exitCode = 1;
