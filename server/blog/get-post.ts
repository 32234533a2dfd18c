import { and, count, desc, eq, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { BLOG_RELATED_SIZE, type BlogFaqEntry, type BlogLanguage, type BlogPostState } from "../../common/blog/posts";
import type { Locale } from "../../common/format";
import type { PackageCard } from "../../common/package-types";
import type { AppContext } from "../core/app-context";
import { requireCorporate, type Actor } from "../accounts";
import { ownedCompanyColumn } from "../companies";
import { profileSegment } from "../companies";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";
import { listCompanyPackages } from "../packages";
import { AppError } from "../platform/app-error";
import { blogPostPath } from "../../common/blog/post-url";
import { blogComments, blogPosts } from "./schema";
import { CARD_COLUMNS, categoryUrlOf, companyJoin, listedIn, postImage, postUrl, publicPost, toPostCard, type BlogPostBase, type BlogPostCard } from "./visible-posts";

/** Packages shown beside a company's post. */
const POST_PACKAGES = 6;

/** A post id from a url or a call: 1 to 2,147,483,647 in plain digits; anything else is null (not found). */
export function parseBlogPostId(raw: unknown): number | null {
  const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : typeof raw === "string" ? raw : "";
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

export const postNotFound = () => new AppError("E_NOT_FOUND", "blog.errors.notFound");

/** A post as its page shows it. */
export interface BlogPostView extends BlogPostBase {
  /** When it was (first) published; for a preview of an unpublished post, when it is to be, or null. */
  publishedAt: string | null;
  updatedAt: string;
  /** The Tiptap document (rendered on the server by server/blog/content). */
  content: unknown;
  faq: BlogFaqEntry[];
  /** The page's title and description (the meta texts, or the title and the start of the text). */
  metaTitle: string;
  metaDescription: string;
  featured: boolean;
  isDemo: boolean;
  state: BlogPostState;
  company: { id: number; name: string; slug: string; segment: string; isDemo: boolean } | null;
  /** Who wrote it; null for an erased account. */
  author: { id: number; fullName: string } | null;
}

export interface BlogPostPage {
  post: BlogPostView;
  /** The public translation (hreflang both ways), or null. */
  twin: { id: number; language: BlogLanguage; title: string; url: string; categoryUrl: string; path: string } | null;
  related: BlogPostCard[];
  /** The company's packages on sale, when the post belongs to a company. */
  packages: PackageCard[];
  /** Confirmed comments, replies included. */
  commentCount: number;
}

/** The start of a text as a description: white space collapsed, cut at a word boundary with "…". */
function describe(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const boundary = cut.lastIndexOf(" ");
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,.;:!?-]+$/u, "")}…`;
}

async function loadPost(app: Pick<AppContext, "db">, where: SQL): Promise<(BlogPostView & { twinId: number | null; companyPublished: boolean }) | null> {
  const [row] = await app.db
    .select({
      post: blogPosts,
      companyName: companies.name,
      companySlug: companies.slug,
      companyTypeId: companies.typeId,
      companySubTypeId: companies.subTypeId,
      companyIsDemo: companies.isDemo,
      companyState: companies.publishState,
      authorName: users.fullName,
    })
    .from(blogPosts)
    .leftJoin(companies, companyJoin)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const p = row.post;
  const categoryUrl = categoryUrlOf(p.categoryId);
  const url = postUrl(p.slug, p.id);
  return {
    id: p.id,
    title: p.title,
    subtitle: p.subtitle,
    language: p.language,
    url,
    categoryId: p.categoryId,
    categoryUrl,
    path: blogPostPath("tr", categoryUrl, url),
    tags: p.tags,
    image: postImage(p),
    readingMinutes: p.readingMinutes,
    publishedAt: p.publishAt?.toISOString() ?? null,
    updatedAt: p.updatedAt.toISOString(),
    content: p.content,
    faq: p.faq,
    metaTitle: p.metaTitle ?? p.title,
    metaDescription: p.metaDescription ?? describe(p.subtitle ? `${p.subtitle}. ${p.contentText}` : p.contentText),
    featured: p.featured,
    isDemo: p.isDemo,
    state: p.state,
    company:
      p.companyId !== null && row.companyName !== null
        ? { id: p.companyId, name: row.companyName, slug: row.companySlug!, segment: profileSegment({ typeId: row.companyTypeId!, subTypeId: row.companySubTypeId }), isDemo: row.companyIsDemo! }
        : null,
    author: p.authorId !== null && row.authorName !== null ? { id: p.authorId, fullName: row.authorName } : null,
    twinId: p.twinId,
    companyPublished: row.companyState === "published",
  };
}

async function pageOf(app: Pick<AppContext, "db">, post: BlogPostView & { twinId: number | null }, opts: { locale: Locale; now: Date }): Promise<BlogPostPage> {
  const { now } = opts;
  const [twinRows, related, packages, [comments]] = await Promise.all([
    post.twinId === null
      ? Promise.resolve([])
      : app.db
          .select({ id: blogPosts.id, language: blogPosts.language, title: blogPosts.title, slug: blogPosts.slug, categoryId: blogPosts.categoryId })
          .from(blogPosts)
          .where(and(eq(blogPosts.id, post.twinId), publicPost(now)))
          .limit(1),
    relatedPosts(app, post, opts),
    post.company ? listCompanyPackages(app, { companyId: post.company.id, now }) : Promise.resolve([]),
    app.db
      .select({ n: count() })
      .from(blogComments)
      .where(and(eq(blogComments.postId, post.id), eq(blogComments.state, "confirmed"))),
  ]);
  const t = twinRows[0];
  const { twinId: _twinId, ...view } = post;
  return {
    post: view,
    twin: t ? { id: t.id, language: t.language, title: t.title, url: postUrl(t.slug, t.id), categoryUrl: categoryUrlOf(t.categoryId), path: blogPostPath("tr", categoryUrlOf(t.categoryId), postUrl(t.slug, t.id)) } : null,
    related,
    packages: packages.filter((p) => !p.withdrawn).slice(0, POST_PACKAGES),
    commentCount: comments?.n ?? 0,
  };
}

/**
 * Public posts sharing a tag with the post (newest first), then of its category: neither the post
 * nor its twin. Two short queries, each on its index (the tags' GIN, the category's), rather
 * than one that orders every post of the category by what it shares.
 */
async function relatedPosts(app: Pick<AppContext, "db">, post: BlogPostView & { twinId: number | null }, opts: { locale: Locale; now: Date }): Promise<BlogPostCard[]> {
  const base = and(publicPost(opts.now), listedIn(opts.locale, opts.now), ne(blogPosts.id, post.id), post.twinId === null ? undefined : ne(blogPosts.id, post.twinId));
  const query = (where: SQL | undefined, limit: number) =>
    app.db.select(CARD_COLUMNS).from(blogPosts).leftJoin(companies, companyJoin).where(where).orderBy(desc(blogPosts.publishAt), desc(blogPosts.id)).limit(limit);
  const tags = sql`ARRAY[${sql.join(post.tags.map((t) => sql`${t}`), sql`, `)}]::text[]`;
  const sharing = post.tags.length ? await query(and(base, sql`${blogPosts.tags} && ${tags}`), BLOG_RELATED_SIZE) : [];
  const rest = BLOG_RELATED_SIZE - sharing.length;
  const seen = sharing.map((r) => r.id);
  const sameCategory = rest > 0 ? await query(and(base, eq(blogPosts.categoryId, post.categoryId), seen.length ? notInArray(blogPosts.id, seen) : undefined), rest) : [];
  return [...sharing, ...sameCategory].map((r) => toPostCard(r, opts.locale));
}

/**
 * A public post by its id (the route has checked the url: common/blog/post-url.ts), with its
 * canonical url, its twin, related posts, the company's packages and the comment count. A post
 * that is not public (a draft, a scheduled one before its time, an unpublished one, one of a
 * company that is not published) is E_NOT_FOUND, like a forged id.
 */
export async function getBlogPost(app: Pick<AppContext, "db">, opts: { id: unknown; locale: Locale; now?: Date }): Promise<BlogPostPage> {
  const now = opts.now ?? new Date();
  const id = parseBlogPostId(opts.id);
  if (id === null) throw postNotFound();
  const post = await loadPost(app, and(eq(blogPosts.id, id), publicPost(now))!);
  if (!post) throw postNotFound();
  const { companyPublished: _published, ...rest } = post;
  return pageOf(app, rest, { locale: opts.locale, now });
}

/**
 * The dashboard's preview: a post of the actor's (a company's post for its owner, any for an
 * administrator) in any state, as its page will show it. Another owner's post and a forged id
 * are E_NOT_FOUND alike.
 */
export async function previewBlogPost(app: Pick<AppContext, "db">, opts: { actor: Actor; id: unknown; locale: Locale; now?: Date }): Promise<BlogPostPage> {
  const user = requireCorporate(opts.actor);
  const id = parseBlogPostId(opts.id);
  if (id === null) throw postNotFound();
  const post = await loadPost(app, and(eq(blogPosts.id, id), managedBy(user))!);
  if (!post) throw postNotFound();
  const { companyPublished: _published, ...rest } = post;
  return pageOf(app, rest, { locale: opts.locale, now: opts.now ?? new Date() });
}

/**
 * The owner check of every dashboard query on posts: an administrator reaches every post, a
 * corporate member the posts of the companies they own (never the site's). In the `where`, so
 * no other row is read.
 */
export function managedBy(user: { id: number; isAdmin: boolean }): SQL | undefined {
  if (user.isAdmin) return undefined;
  return and(sql`${blogPosts.companyId} IS NOT NULL`, ownedCompanyColumn({ userId: user.id, all: false }, blogPosts.companyId));
}
