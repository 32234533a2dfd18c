// The generated blog the blog and search benches load: posts in two languages over the nine
// categories, two of three belonging to a company, every fourth (English) the twin of the one
// before, a draft in fifty, tags from a small vocabulary; comments (one in ten unconfirmed) and a
// week of views. Deterministic.
import { sql } from "drizzle-orm";
import { blogCategories } from "../common/blog-categories";
import { blogTitleSlug } from "../common/blog/post-url";
import { dayInTurkey } from "../common/reminders";
import { blogComments, blogPosts, blogPostViews } from "../server/blog/schema";
import { companies } from "../server/companies/schema";
import type { Database } from "../server/db/client";
import { seedReferenceData } from "../server/reference/seed";

export const BLOG_WORDS = "fiber altyapı hız modem hat port vdsl adsl kablo gecikme ping indirme yükleme taahhüt fatura kurulum sunucu hosting veri merkezi güvenlik oyun yayın televizyon internet paket tarife kampanya".split(" ");
export const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => pick(BLOG_WORDS, seed * 7 + i * 13)).join(" ");

export interface GeneratedBlog {
  /** The companies the posts belong to (50 made here unless given). */
  companies: { id: number; slug: string }[];
  postIds: number[];
  /** The ids of the published posts. */
  published: number[];
}

/** Writes `posts` posts and `comments` comments into `db`; posts belong to `owners` when given. */
export async function generateBlog(db: Database, counts: { posts: number; comments: number }, owners?: { id: number; slug: string }[]): Promise<GeneratedBlog> {
  await seedReferenceData(db);
  const companyRows =
    owners ??
    (await db
      .insert(companies)
      .values(Array.from({ length: 50 }, (_, i) => ({ name: `Bench Şirket ${i}`, slug: `bench-sirket-${i}`, typeId: 2, subTypeId: 2, publishState: "published" as const, publishedAt: new Date() })))
      .returning({ id: companies.id, slug: companies.slug }));

  const now = Date.now();
  for (let start = 0; start < counts.posts; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, counts.posts - start) }, (_, k) => {
      const i = start + k;
      const title = `${words(6, i)} ${i}`;
      const text = Array.from({ length: 4 }, (_, p) => words(40, i + p)).join("\n\n");
      const tags = [pick(BLOG_WORDS, i), pick(BLOG_WORDS, i * 3 + 1)].filter((t, j, a) => a.indexOf(t) === j);
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
      };
    });
    await db.insert(blogPosts).values(batch);
  }
  // Every fourth post (English) is the twin of the Turkish one before it.
  await db.execute(sql`UPDATE blog_posts SET twin_id = id - 1 WHERE language = 'en'`);
  await db.execute(sql`UPDATE blog_posts p SET twin_id = e.id FROM blog_posts e WHERE e.twin_id = p.id`);
  const postIds = (await db.select({ id: blogPosts.id }).from(blogPosts).orderBy(blogPosts.id)).map((r) => r.id);
  for (let start = 0; start < counts.comments; start += 5000) {
    await db.insert(blogComments).values(
      Array.from({ length: Math.min(5000, counts.comments - start) }, (_, k) => {
        const i = start + k;
        return { postId: pick(postIds, i * 7919), name: `Okur ${i % 1000}`, email: `okur${i % 1000}@example.com`, body: words(20, i), state: (i % 10 === 0 ? "unconfirmed" : "confirmed") as "confirmed" | "unconfirmed", createdAt: new Date(now - i * 60_000) };
      }),
    );
  }
  const views = [];
  for (let d = 0; d < 7; d++) for (let i = 0; i < 2000; i++) views.push({ postId: pick(postIds, i * 31 + d), day: dayInTurkey(new Date(now - d * 86_400_000)), views: (i * 17) % 97 });
  for (let start = 0; start < views.length; start += 5000) await db.insert(blogPostViews).values(views.slice(start, start + 5000)).onConflictDoNothing();
  await db.execute(sql`ANALYZE`);
  return { companies: companyRows, postIds, published: postIds.filter((_, i) => i % 50 !== 7) };
}
