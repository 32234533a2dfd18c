import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { blogCategories } from "../../common/blog-categories";
import type { Database } from "../db/client";
import { companies } from "../companies/schema";
import type { Logger } from "../platform/logger";
import { blogDocumentText, readingMinutes } from "../../common/blog/document-text";
import { blogTitleSlug } from "../../common/blog/post-url";
import { demoPosts, type DemoPost } from "./demo/posts";
import { blocksToDocument } from "./demo/to-document";
import { blogPosts } from "./schema";

/**
 * The demo posts (SEED_DEMO, server/blog/demo): published at their days before `now`, each a
 * demo row (`is_demo`, labelled on every page), of its demo company when that company exists
 * (the companies module seeds before this one) or else of the site, and linked to its twin.
 * Idempotent by each post's key: a post an earlier seed wrote is left as it is.
 */
export async function seedDemoPosts(db: Database, opts: { log?: Logger; now?: Date; posts?: readonly DemoPost[] } = {}): Promise<number> {
  const posts = opts.posts ?? demoPosts;
  const now = opts.now ?? new Date();
  const keys = posts.map((p) => p.key);
  const existing = await db.select({ key: blogPosts.demoKey }).from(blogPosts).where(inArray(blogPosts.demoKey, keys));
  const have = new Set(existing.map((r) => r.key));
  const missing = posts.filter((p) => !have.has(p.key));
  const slugs = [...new Set(posts.flatMap((p) => (p.companySlug ? [p.companySlug] : [])))];
  const companyRows = slugs.length
    ? await db
        .select({ id: companies.id, slug: companies.slug })
        .from(companies)
        .where(and(inArray(companies.slug, slugs), eq(companies.isDemo, true)))
    : [];
  const companyId = new Map(companyRows.map((c) => [c.slug, c.id]));
  const categoryId = new Map(blogCategories.map((c) => [c.key, c.id]));
  await db.transaction(async (tx) => {
    for (const p of missing) {
      const content = blocksToDocument(p.blocks);
      const contentText = blogDocumentText(content);
      const publishAt = new Date(now.getTime() - p.publishedDaysAgo * 86_400_000);
      await tx.insert(blogPosts).values({
        demoKey: p.key,
        isDemo: true,
        companyId: (p.companySlug && companyId.get(p.companySlug)) || null,
        categoryId: categoryId.get(p.categoryKey) ?? 8,
        language: p.lang,
        title: p.title,
        subtitle: p.subtitle,
        slug: blogTitleSlug(p.title),
        tags: p.tags,
        content,
        contentText,
        readingMinutes: readingMinutes(contentText),
        faq: p.faq ?? [],
        state: "published",
        publishAt,
        publishedAt: publishAt,
        featured: p.featured ?? false,
        createdAt: publishAt,
        updatedAt: publishAt,
      });
    }
    // Twins, both ways, for every demo post whose twin is there (also one seeded earlier).
    const rows = await tx
      .select({ id: blogPosts.id, key: blogPosts.demoKey, twinId: blogPosts.twinId })
      .from(blogPosts)
      .where(and(isNotNull(blogPosts.demoKey), inArray(blogPosts.demoKey, keys)));
    const idOf = new Map(rows.map((r) => [r.key!, r.id]));
    const twinOf = new Map(rows.map((r) => [r.id, r.twinId]));
    const link = async (id: number, twin: number) => {
      if (twinOf.get(id) === twin) return;
      await tx.update(blogPosts).set({ twinId: twin }).where(eq(blogPosts.id, id));
      twinOf.set(id, twin);
    };
    for (const p of posts) {
      const id = idOf.get(p.key);
      const twin = p.twinKey ? idOf.get(p.twinKey) : undefined;
      if (id === undefined || twin === undefined) continue;
      await link(id, twin);
      await link(twin, id);
    }
  });
  if (missing.length) opts.log?.info({ posts: missing.length }, "demo blog posts seeded");
  return missing.length;
}
