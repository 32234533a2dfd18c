import { and, count, desc, eq, sql } from "drizzle-orm";
import { findBlogCategoryById } from "../../common/blog-categories";
import { BLOG_PAGE_SIZE, type BlogFaqEntry, type BlogLanguage, type BlogPostImage, type BlogPostState } from "../../common/blog/posts";
import type { AppContext } from "../core/app-context";
import { requireCorporate, type Actor } from "../accounts";
import { companiesOwnedBy, companyNotFound, parseCompanyId } from "../companies";
import { companies } from "../companies/schema";
import { AppError } from "../platform/app-error";
import { managedBy, parseBlogPostId, postNotFound } from "./get-post";
import { blogPosts } from "./schema";
import { categoryUrlOf, postImage, postUrl } from "./visible-posts";

/**
 * The dashboard's blog services (blog/liste, blog/yeni, blog/duzenle): a corporate member writes
 * for the companies they own, an administrator for any company and for the site (a post without
 * a company). The owner check is in every query's `where` (managedBy, companiesOwnedBy), so
 * another owner's post or company answers as a forged id does: E_NOT_FOUND.
 */

/** A row of the dashboard's post list. */
export interface ManagedPostRow {
  id: number;
  title: string;
  state: BlogPostState;
  language: BlogLanguage;
  categoryId: number;
  url: string;
  categoryUrl: string;
  company: { id: number; name: string } | null;
  twinId: number | null;
  publishAt: Date | null;
  featured: boolean;
  isDemo: boolean;
  updatedAt: Date;
}

export interface ManagedPostList {
  posts: ManagedPostRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Posts per category in the same scope (the category tabs), every category present. */
  categoryCounts: Record<number, number>;
  /** The company the list is narrowed to. */
  company: { id: number; name: string } | null;
}

/** The company the user manages: their own, any for an administrator; E_NOT_FOUND otherwise. */
export async function managedCompany(app: Pick<AppContext, "db">, user: { id: number; isAdmin: boolean }, raw: unknown): Promise<{ id: number; name: string }> {
  const id = parseCompanyId(raw);
  const [row] = await app.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(companiesOwnedBy(user, eq(companies.id, id)))
    .limit(1);
  if (!row) throw companyNotFound();
  return row;
}

/**
 * The posts the user manages, newest change first: of one company (`companyId`), or of all their
 * companies (every post for an administrator); optionally of one category (the tabs).
 */
export async function listManagedBlogPosts(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; companyId?: unknown; categoryId?: unknown; page?: number },
): Promise<ManagedPostList> {
  const user = requireCorporate(opts.actor);
  const company = opts.companyId === undefined ? null : await managedCompany(app, user, opts.companyId);
  let categoryId: number | undefined;
  if (opts.categoryId !== undefined) {
    const n = typeof opts.categoryId === "string" && /^\d{1,2}$/.test(opts.categoryId) ? Number(opts.categoryId) : opts.categoryId;
    if (typeof n !== "number" || !findBlogCategoryById(n)) throw new AppError("E_VALIDATION", "blog.validation.category", { fieldErrors: { category: { key: "blog.validation.category" } } });
    categoryId = n;
  }
  const page = opts.page ?? 1;
  if (!Number.isSafeInteger(page) || page < 1 || page > 10_000) throw new AppError("E_VALIDATION", "blog.validation.page", { fieldErrors: { page: { key: "blog.validation.page" } } });
  const scope = and(managedBy(user), company ? eq(blogPosts.companyId, company.id) : undefined);
  const where = and(scope, categoryId === undefined ? undefined : eq(blogPosts.categoryId, categoryId));
  const [rows, counts] = await Promise.all([
    app.db
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        slug: blogPosts.slug,
        state: blogPosts.state,
        language: blogPosts.language,
        categoryId: blogPosts.categoryId,
        companyId: blogPosts.companyId,
        companyName: companies.name,
        twinId: blogPosts.twinId,
        publishAt: blogPosts.publishAt,
        featured: blogPosts.featured,
        isDemo: blogPosts.isDemo,
        updatedAt: blogPosts.updatedAt,
        total: sql<number>`count(*) OVER ()`.mapWith(Number),
      })
      .from(blogPosts)
      .leftJoin(companies, eq(companies.id, blogPosts.companyId))
      .where(where)
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    app.db.select({ categoryId: blogPosts.categoryId, n: count() }).from(blogPosts).where(scope).groupBy(blogPosts.categoryId),
  ]);
  const categoryCounts: Record<number, number> = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [i + 1, 0]));
  for (const c of counts) categoryCounts[c.categoryId] = c.n;
  const total = rows[0]?.total ?? (page > 1 ? (await app.db.select({ n: count() }).from(blogPosts).where(where))[0]!.n : 0);
  return {
    posts: rows.map((r) => ({
      id: r.id,
      title: r.title,
      state: r.state,
      language: r.language,
      categoryId: r.categoryId,
      url: postUrl(r.slug, r.id),
      categoryUrl: categoryUrlOf(r.categoryId),
      company: r.companyId !== null && r.companyName !== null ? { id: r.companyId, name: r.companyName } : null,
      twinId: r.twinId,
      publishAt: r.publishAt,
      featured: r.featured,
      isDemo: r.isDemo,
      updatedAt: r.updatedAt,
    })),
    total,
    page,
    pageSize: BLOG_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
    categoryCounts,
    company,
  };
}

/** Everything the edit form shows of a post. */
export interface ManagedPost {
  id: number;
  company: { id: number; name: string } | null;
  categoryId: number;
  language: BlogLanguage;
  twinId: number | null;
  title: string;
  subtitle: string | null;
  url: string;
  categoryUrl: string;
  tags: string[];
  image: BlogPostImage | null;
  content: unknown;
  faq: BlogFaqEntry[];
  metaTitle: string | null;
  metaDescription: string | null;
  state: BlogPostState;
  publishAt: Date | null;
  publishedAt: Date | null;
  featured: boolean;
  isDemo: boolean;
  updatedAt: Date;
}

/** One post the user manages, for the edit form. */
export async function getManagedBlogPost(app: Pick<AppContext, "db">, opts: { actor: Actor; id: unknown }): Promise<ManagedPost> {
  const user = requireCorporate(opts.actor);
  const id = parseBlogPostId(opts.id);
  if (id === null) throw postNotFound();
  const [row] = await app.db
    .select({ post: blogPosts, companyName: companies.name })
    .from(blogPosts)
    .leftJoin(companies, eq(companies.id, blogPosts.companyId))
    .where(and(eq(blogPosts.id, id), managedBy(user)))
    .limit(1);
  if (!row) throw postNotFound();
  const p = row.post;
  return {
    id: p.id,
    company: p.companyId !== null && row.companyName !== null ? { id: p.companyId, name: row.companyName } : null,
    categoryId: p.categoryId,
    language: p.language,
    twinId: p.twinId,
    title: p.title,
    subtitle: p.subtitle,
    url: postUrl(p.slug, p.id),
    categoryUrl: categoryUrlOf(p.categoryId),
    tags: p.tags,
    image: postImage(p),
    content: p.content,
    faq: p.faq,
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    state: p.state,
    publishAt: p.publishAt,
    publishedAt: p.publishedAt,
    featured: p.featured,
    isDemo: p.isDemo,
    updatedAt: p.updatedAt,
  };
}
