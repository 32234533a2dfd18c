import { and, asc, eq, gt, gte, inArray, sql } from "drizzle-orm";
import { findBlogCategoryById } from "../../common/blog-categories";
import { blogPostPath } from "../../common/blog/post-url";
import type { SearchDocumentSource, SearchSource } from "../core/app-context";
import type { Database } from "../db/client";
import { companies } from "../companies/schema";
import { blogPosts, blogPostViews } from "./schema";
import { categoryUrlOf, postUrl } from "./visible-posts";

/** Views over this many days make a post popular in the search. */
const POPULAR_DAYS = 30;
/** Views that count as fully popular (a log scale up to it). */
const POPULAR_VIEWS = 10_000;

/**
 * The blog's part of the site search: every post that is or will be public (a scheduled one is
 * found from its publish time on: `visibleFrom`), found by its title, subtitle, category in both
 * languages, tags, company and body; more read posts first among equal matches.
 */
export const postSearchSource: SearchSource = {
  kind: "post",
  async documents(db: Database, ids: readonly number[], now: Date): Promise<SearchDocumentSource[]> {
    if (!ids.length) return [];
    const since = new Date(now.getTime() - POPULAR_DAYS * 86_400_000).toISOString().slice(0, 10);
    const views = db
      .select({ postId: blogPostViews.postId, views: sql<number>`sum(${blogPostViews.views})::int`.as("views") })
      .from(blogPostViews)
      .where(and(inArray(blogPostViews.postId, [...ids]), gte(blogPostViews.day, since)))
      .groupBy(blogPostViews.postId)
      .as("views");
    const rows = await db
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        subtitle: blogPosts.subtitle,
        slug: blogPosts.slug,
        categoryId: blogPosts.categoryId,
        language: blogPosts.language,
        tags: blogPosts.tags,
        contentText: blogPosts.contentText,
        publishAt: blogPosts.publishAt,
        twinId: blogPosts.twinId,
        isDemo: blogPosts.isDemo,
        companyId: blogPosts.companyId,
        companyName: companies.name,
        views: views.views,
      })
      .from(blogPosts)
      .leftJoin(companies, eq(companies.id, blogPosts.companyId))
      .leftJoin(views, eq(views.postId, blogPosts.id))
      .where(
        and(
          inArray(blogPosts.id, [...ids]),
          sql`${blogPosts.state} IN ('published', 'scheduled')`,
          sql`${blogPosts.publishAt} IS NOT NULL`,
          sql`(${blogPosts.companyId} IS NULL OR ${companies.publishState} = 'published')`,
        ),
      );
    return rows.map((p) => {
      const category = findBlogCategoryById(p.categoryId);
      const categoryUrl = categoryUrlOf(p.categoryId);
      const line = (l: "tr" | "en") => [category?.name[l], p.companyName].filter(Boolean).join(" · ");
      return {
        refId: p.id,
        companyId: p.companyId,
        language: p.language,
        visibleFrom: p.publishAt,
        title: p.title,
        subtitle: { tr: line("tr"), en: line("en") },
        path: blogPostPath("tr", categoryUrl, postUrl(p.slug, p.id)),
        isDemo: p.isDemo,
        twinRefId: p.twinId,
        keywords: [p.subtitle ?? "", category?.name.tr ?? "", category?.name.en ?? "", ...p.tags, p.companyName ?? ""].filter(Boolean),
        body: p.contentText,
        popularity: Math.min(1, Math.log10(1 + (p.views ?? 0)) / Math.log10(1 + POPULAR_VIEWS)),
      };
    });
  },
  async ids(db: Database, afterId: number, limit: number): Promise<number[]> {
    const rows = await db.select({ id: blogPosts.id }).from(blogPosts).where(gt(blogPosts.id, afterId)).orderBy(asc(blogPosts.id)).limit(limit);
    return rows.map((r) => r.id);
  },
};
