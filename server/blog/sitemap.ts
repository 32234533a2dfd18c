import { desc, eq } from "drizzle-orm";
import type { AppContext, SitemapEntry } from "../core/app-context";
import { companies } from "../companies/schema";
import { blogPostPath } from "../../common/blog/post-url";
import { blogPosts } from "./schema";
import { categoryUrlOf, postUrl, publicPost } from "./visible-posts";

/** Most posts listed (the sitemap protocol's limit is 50,000 urls a file, and each entry is two). */
const MAX_POSTS = 20_000;

/**
 * The blog's pages for the sitemap: every public post, and the category and company lists that
 * have one (the main list is the route registry's). Each is listed in both languages.
 */
export async function blogSitemapEntries(app: Pick<AppContext, "db">, now = new Date()): Promise<SitemapEntry[]> {
  const rows = await app.db
    .select({ id: blogPosts.id, slug: blogPosts.slug, categoryId: blogPosts.categoryId, updatedAt: blogPosts.updatedAt, companySlug: companies.slug })
    .from(blogPosts)
    .leftJoin(companies, eq(companies.id, blogPosts.companyId))
    .where(publicPost(now))
    .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
    .limit(MAX_POSTS);
  const categories = new Map<string, string>();
  const companyLists = new Map<string, string>();
  const entries: SitemapEntry[] = [];
  for (const r of rows) {
    const day = r.updatedAt.toISOString().slice(0, 10);
    const categoryUrl = categoryUrlOf(r.categoryId);
    entries.push({ path: blogPostPath("tr", categoryUrl, postUrl(r.slug, r.id)), lastModified: day, changeFrequency: "monthly" });
    // Rows come newest first: the first seen is a list's newest change.
    if (!categories.has(categoryUrl)) categories.set(categoryUrl, day);
    if (r.companySlug && !companyLists.has(r.companySlug)) companyLists.set(r.companySlug, day);
  }
  for (const [url, day] of [...categories].sort(([a], [b]) => a.localeCompare(b))) {
    entries.push({ path: `/blog-yazilari/kategori/${encodeURIComponent(url)}`, lastModified: day, changeFrequency: "daily" });
  }
  for (const [slug, day] of [...companyLists].sort(([a], [b]) => a.localeCompare(b))) {
    entries.push({ path: `/blog-yazilari/isletme/${encodeURIComponent(slug)}`, lastModified: day, changeFrequency: "weekly" });
  }
  return entries;
}

