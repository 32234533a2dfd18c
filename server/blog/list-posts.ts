import { and, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { findBlogCategoryByUrl, type BlogCategory } from "../../common/blog-categories";
import { BLOG_PAGE_SIZE, BLOG_STRIP_SIZE, BLOG_TAG_CLOUD_SIZE, BLOG_TRENDING_DAYS } from "../../common/blog/posts";
import type { Locale } from "../../common/format";
import { dayInTurkey } from "../../common/reminders";
import { isWellFormedText } from "../../common/validation/fields";
import { z } from "../../common/validation/zod";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { blogSearchWordSchema } from "../../common/blog/search-word";
import { documentsHolding } from "../search";
import { blogPosts, blogPostViews } from "./schema";
import { CARD_COLUMNS, companyJoin, listedIn, publicPost, toPostCard, type BlogPostCard } from "./visible-posts";

/** What a list may be narrowed to (each optional; together they all hold). */
export interface BlogListFilters {
  /** A category's url (telekomunikasyon …); an unknown one is E_NOT_FOUND. */
  categoryUrl?: string;
  /** A published company's slug (its corporate url); another is E_NOT_FOUND. */
  companySlug?: string;
  /** One tag, as written on the posts. */
  tag?: string;
  /** The word search (spec §5): checked, every word folded and matched. */
  q?: string;
  featured?: boolean;
}

/** Where a word search's count stops (the site search's SEARCH_COUNT_CAP, decision 032). */
export const BLOG_SEARCH_COUNT_CAP = 1000;

export interface BlogPostList {
  posts: BlogPostCard[];
  /** Matching posts; for a word search at most BLOG_SEARCH_COUNT_CAP. */
  total: number;
  /** A word search matched more than `total` (its count stops at BLOG_SEARCH_COUNT_CAP, as the site search's do). */
  totalCapped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The category the list is narrowed to. */
  category: BlogCategory | null;
  /** The company the list is narrowed to. */
  company: { id: number; name: string; slug: string; isDemo: boolean } | null;
}

/** What a list reads: the database, and the site search's index (the word search) with what keeps it. */
export type BlogListApp = Pick<AppContext, "db" | "modules" | "log">;

/** The word search as the list's `q` field (its message on that field). */
const searchQuery = z.object({ q: blogSearchWordSchema });

const filterError = (field: string) => new AppError("E_VALIDATION", "blog.validation.filter", { fieldErrors: { [field]: { key: "blog.validation.filter" } } });

/** A tag as a filter: the text of one tag (bounded, no control characters); anything else is a 400. */
function tagFilter(tag: string): string {
  const value = tag.trim();
  // eslint-disable-next-line no-control-regex
  if (value.length < 1 || value.length > 40 || /[\u0000-\u001F\u007F]/.test(value) || !isWellFormedText(value)) throw filterError("tag");
  return value;
}

async function publishedCompany(app: Pick<AppContext, "db">, slug: string) {
  if (slug.length > 200 || !/^[a-z0-9-]+$/.test(slug)) throw new AppError("E_NOT_FOUND", "blog.errors.companyNotFound");
  const [row] = await app.db
    .select({ id: companies.id, name: companies.name, slug: companies.slug, isDemo: companies.isDemo })
    .from(companies)
    .where(and(eq(companies.slug, slug), eq(companies.publishState, "published")))
    .limit(1);
  if (!row) throw new AppError("E_NOT_FOUND", "blog.errors.companyNotFound");
  return row;
}

/**
 * The condition of a list: public posts in the language rule of `locale`, narrowed by the
 * filters; and the category and company the filters name (E_NOT_FOUND for an unknown one).
 */
export async function listWhere(
  app: BlogListApp,
  opts: { locale: Locale; filters: BlogListFilters; now: Date },
): Promise<{ where: SQL; category: BlogCategory | null; company: BlogPostList["company"] }> {
  const f = opts.filters;
  const conditions: (SQL | undefined)[] = [publicPost(opts.now), listedIn(opts.locale, opts.now)];
  let category: BlogCategory | null = null;
  if (f.categoryUrl !== undefined) {
    category = findBlogCategoryByUrl(f.categoryUrl) ?? null;
    if (!category) throw new AppError("E_NOT_FOUND", "blog.errors.categoryNotFound");
    conditions.push(eq(blogPosts.categoryId, category.id));
  }
  const company = f.companySlug !== undefined ? await publishedCompany(app, f.companySlug) : null;
  if (company) conditions.push(eq(blogPosts.companyId, company.id));
  if (f.tag !== undefined) conditions.push(sql`${blogPosts.tags} @> ARRAY[${tagFilter(f.tag)}]::text[]`);
  if (f.q !== undefined) {
    const { q: word } = parseInput(searchQuery, { q: f.q });
    // On the site search's index: every word, as a word's start or its stem, folded (decision 033).
    const holding = await documentsHolding(app, "post", word);
    conditions.push(holding ? sql`${blogPosts.id} IN ${holding}` : sql`false`);
  }
  if (f.featured) conditions.push(eq(blogPosts.featured, true));
  return { where: and(...conditions)!, category, company };
}

/**
 * One page of public posts, newest first, in the language rule of the site's `locale`
 * (listedIn), narrowed by the filters, with the total. An unknown category or company is
 * E_NOT_FOUND (the pages answer 404); a bad search is E_VALIDATION with the spec's messages.
 */
export async function listBlogPosts(
  app: BlogListApp,
  opts: { locale: Locale; filters?: BlogListFilters; page?: number; pageSize?: number; now?: Date },
): Promise<BlogPostList> {
  const now = opts.now ?? new Date();
  const f = opts.filters ?? {};
  const page = opts.page ?? 1;
  if (!Number.isSafeInteger(page) || page < 1 || page > 10_000) throw new AppError("E_VALIDATION", "blog.validation.page", { fieldErrors: { page: { key: "blog.validation.page" } } });
  const pageSize = Math.min(Math.max(opts.pageSize ?? BLOG_PAGE_SIZE, 1), 50);
  const { where, category, company } = await listWhere(app, { locale: opts.locale, filters: f, now });
  // The page and the count apart: a window count would compute every matching row's columns
  // (the excerpt reads each post's text) before the limit. A word search counts to
  // BLOG_SEARCH_COUNT_CAP and says "1.000+" past it, as the site search does (decision 032): a
  // common word ("internet") is in most posts, and counting them all read every post's words.
  const cap = f.q !== undefined ? BLOG_SEARCH_COUNT_CAP : null;
  const counting =
    cap === null
      ? app.db.select({ n: count() }).from(blogPosts).where(where)
      : app.db.select({ n: count() }).from(app.db.select({ one: sql`1` }).from(blogPosts).where(where).limit(cap + 1).as("counted"));
  const [rows, [counted]] = await Promise.all([
    app.db
      .select(CARD_COLUMNS)
      .from(blogPosts)
      .leftJoin(companies, companyJoin)
      .where(where)
      .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    counting,
  ]);
  const found = counted?.n ?? 0;
  const totalCapped = cap !== null && found > cap;
  const total = totalCapped ? cap : found;
  return {
    posts: rows.map((r) => toPostCard(r, opts.locale)),
    total,
    totalCapped,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    category,
    company,
  };
}

/**
 * The most viewed public posts over the last BLOG_TRENDING_DAYS days (views counted once per
 * address and day, server/blog/post-views.ts), in the language rule of `locale`.
 */
export async function trendingBlogPosts(app: Pick<AppContext, "db">, opts: { locale: Locale; limit?: number; now?: Date }): Promise<BlogPostCard[]> {
  const now = opts.now ?? new Date();
  const limit = Math.min(Math.max(opts.limit ?? BLOG_STRIP_SIZE, 1), 50);
  const from = dayInTurkey(new Date(now.getTime() - (BLOG_TRENDING_DAYS - 1) * 86_400_000));
  // The most viewed first, then only those looked up: a post that is no longer public or not
  // listed in the language drops out, so a few times the strip's length are taken.
  const views = app.db
    .select({ postId: blogPostViews.postId, views: sql<number>`sum(${blogPostViews.views})`.mapWith(Number).as("views") })
    .from(blogPostViews)
    .where(gte(blogPostViews.day, from))
    .groupBy(blogPostViews.postId)
    .orderBy(sql`sum(${blogPostViews.views}) DESC`, blogPostViews.postId)
    .limit(limit * 10)
    .as("recent_views");
  const rows = await app.db
    .select(CARD_COLUMNS)
    .from(views)
    .innerJoin(blogPosts, eq(blogPosts.id, views.postId))
    .leftJoin(companies, companyJoin)
    .where(and(publicPost(now), listedIn(opts.locale, now)))
    .orderBy(desc(views.views), desc(blogPosts.publishAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map((r) => toPostCard(r, opts.locale));
}

/** Posts the tag cloud reads: the newest, so it shows what is written about now. */
const TAG_CLOUD_POSTS = 1000;

/** The tags of the newest public posts (TAG_CLOUD_POSTS), most used first (ties by name), with their counts. */
export async function popularBlogTags(app: Pick<AppContext, "db">, opts: { locale: Locale; limit?: number; now?: Date }): Promise<{ tag: string; count: number }[]> {
  const now = opts.now ?? new Date();
  const newest = app.db
    .select({ tags: blogPosts.tags })
    .from(blogPosts)
    .where(and(publicPost(now), listedIn(opts.locale, now)))
    .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
    .limit(TAG_CLOUD_POSTS)
    .as("newest");
  const tag = sql<string>`t.tag`;
  return app.db
    .select({ tag, count: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`${newest} CROSS JOIN LATERAL unnest(${newest.tags}) AS t(tag)`)
    .groupBy(tag)
    .orderBy(sql`count(*) DESC`, tag)
    .limit(Math.min(Math.max(opts.limit ?? BLOG_TAG_CLOUD_SIZE, 1), 100));
}

export interface BlogHighlights {
  featured: BlogPostCard[];
  trending: BlogPostCard[];
  tags: { tag: string; count: number }[];
}

/**
 * The blog's main page beside its newest posts: featured and trending posts and the tag cloud.
 * The same for every visitor of a language, so kept PAGE_CACHE_SECONDS (decision 016); a
 * publication clears the kept copy.
 */
export async function blogHighlights(app: BlogListApp & Pick<AppContext, "pageCache">, opts: { locale: Locale; now?: Date }): Promise<BlogHighlights> {
  const load = async (): Promise<BlogHighlights> => {
    const [featured, trending, tags] = await Promise.all([
      listBlogPosts(app, { locale: opts.locale, filters: { featured: true }, pageSize: BLOG_STRIP_SIZE, now: opts.now }),
      trendingBlogPosts(app, opts),
      popularBlogTags(app, opts),
    ]);
    return { featured: featured.posts, trending, tags };
  };
  // A test's own clock is never kept.
  return opts.now ? load() : app.pageCache.get(`blog:highlights:${opts.locale}`, load);
}

/** The home page's blog section: the newest posts of the site's language rule and the most read of the last days. */
export async function homeBlogPosts(app: BlogListApp & Pick<AppContext, "pageCache">, opts: { locale: Locale }): Promise<{ recent: BlogPostCard[]; trending: BlogPostCard[] }> {
  return app.pageCache.get(`home:blog:${opts.locale}`, async () => {
    const [recent, trending] = await Promise.all([listBlogPosts(app, { locale: opts.locale, pageSize: 3 }), trendingBlogPosts(app, { locale: opts.locale, limit: 3 })]);
    return { recent: recent.posts, trending };
  });
}
