import { desc, eq } from "drizzle-orm";
import { findBlogCategoryById, type BlogCategory } from "../../common/blog-categories";
import { summarise } from "../../common/blog/document-text";
import { blogPostPath } from "../../common/blog/post-url";
import type { Locale } from "../../common/format";
import { localizePath } from "../../common/paths";
import { EN_PREFIX } from "../../common/routes/registry";
import { SITE_NAME } from "../../common/site";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";
import { profileSegment } from "../companies";
import type { FeedPost } from "./feeds";
import { listWhere, type BlogListApp, type BlogListFilters, type BlogPostList } from "./list-posts";
import { blogPosts } from "./schema";
import { categoryUrlOf, companyJoin, postUrl } from "./visible-posts";

/** Posts in a feed: the newest, as feed readers expect (they keep what they have seen). */
export const FEED_SIZE = 30;

const prefix = (locale: Locale) => (locale === "en" ? EN_PREFIX : "");

/** A category's list page in a language ("/blog-yazilari/kategori/oyun", "/en/…"). */
export function categoryListPath(locale: Locale, categoryUrl: string): string {
  return `${prefix(locale)}/blog-yazilari/kategori/${encodeURIComponent(categoryUrl)}`;
}

/** A company's blog list page in a language. */
export function companyListPath(locale: Locale, companySlug: string): string {
  return `${prefix(locale)}/blog-yazilari/isletme/${encodeURIComponent(companySlug)}`;
}

/**
 * The newest public posts of a list (all, a category's or a company's) as the feeds take them
 * (server/blog/feeds.ts): in the language rule of the feed's `locale`, paths in its language,
 * the writer (the company, else the author, else the site) and the category named in it. An
 * unknown category or company is E_NOT_FOUND, as its list page is.
 */
export async function blogFeedPosts(
  app: BlogListApp,
  opts: { locale: Locale; filters?: Pick<BlogListFilters, "categoryUrl" | "companySlug">; limit?: number; now?: Date },
): Promise<{ posts: FeedPost[]; category: BlogCategory | null; company: BlogPostList["company"] }> {
  const { locale } = opts;
  const now = opts.now ?? new Date();
  const { where, category, company } = await listWhere(app, { locale, filters: opts.filters ?? {}, now });
  const rows = await app.db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      subtitle: blogPosts.subtitle,
      slug: blogPosts.slug,
      categoryId: blogPosts.categoryId,
      publishAt: blogPosts.publishAt,
      updatedAt: blogPosts.updatedAt,
      metaDescription: blogPosts.metaDescription,
      contentText: blogPosts.contentText,
      companyName: companies.name,
      companySlug: companies.slug,
      companyTypeId: companies.typeId,
      companySubTypeId: companies.subTypeId,
      authorName: users.fullName,
    })
    .from(blogPosts)
    .leftJoin(companies, companyJoin)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(where)
    .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
    .limit(Math.min(Math.max(opts.limit ?? FEED_SIZE, 1), 100));
  return {
    category,
    company,
    posts: rows.map((r): FeedPost => {
      const categoryUrl = categoryUrlOf(r.categoryId);
      const publishedAt = r.publishAt ?? r.updatedAt;
      return {
        title: r.title,
        path: blogPostPath(locale, categoryUrl, postUrl(r.slug, r.id)),
        publishedAt,
        updatedAt: r.updatedAt > publishedAt ? r.updatedAt : publishedAt,
        summary: r.metaDescription ?? summarise(r.subtitle ? `${r.subtitle} ${r.contentText.slice(0, 1000)}` : r.contentText.slice(0, 1000)),
        author:
          r.companyName !== null && r.companySlug !== null
            ? { name: r.companyName, path: localizePath(locale, `/${profileSegment({ typeId: r.companyTypeId!, subTypeId: r.companySubTypeId })}/${r.companySlug}`) }
            : { name: r.authorName || SITE_NAME },
        category: { name: findBlogCategoryById(r.categoryId)?.name[locale] ?? categoryUrl, path: categoryListPath(locale, categoryUrl) },
      };
    }),
  };
}
