import { and, eq, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { findBlogCategoryById } from "../../common/blog-categories";
import type { BlogLanguage, BlogPostImage } from "../../common/blog/posts";
import type { Locale } from "../../common/format";
import { companies } from "../companies/schema";
import { blogPostPath } from "../../common/blog/post-url";
import { blogPosts } from "./schema";

/** The columns the public condition reads, of the posts table or an alias of it. */
type PostColumns = { state: AnyPgColumn; publishAt: AnyPgColumn; companyId: AnyPgColumn };

/**
 * What "public" means for a post, everywhere a reader can meet it (the lists, the post page, the
 * sitemap, the feeds, comments): published or scheduled, its publish time come, and written for
 * the site or for a published company. A scheduled post is public the moment its time comes,
 * whether or not the job has marked it published yet; the job only catches up the state.
 *
 * The states are written out (not bound parameters) so PostgreSQL matches the partial indexes.
 */
export function publicPost(now: Date, table: PostColumns = blogPosts): SQL {
  return and(
    sql`${table.state} IN ('published', 'scheduled')`,
    lte(table.publishAt, now),
    sql`(${table.companyId} IS NULL OR ${table.companyId} IN (SELECT ${companies.id} FROM ${companies} WHERE ${companies.publishState} = 'published'))`,
  )!;
}

/**
 * The language rule of the lists: a site in one language lists the posts written in it, and the
 * posts of the other language that have no public twin in it (marked `otherLanguage`, so the page
 * can say the post exists only in that language) rather than hiding them. A twin belongs to the
 * same company (or both to the site), so its company's part of being public is the post's own;
 * the rest is `twin_public_at`, which the database keeps (the blog migration's trigger).
 */
export function listedIn(locale: Locale, now: Date): SQL {
  return sql`(${blogPosts.language} = ${locale} OR ${blogPosts.twinPublicAt} IS NULL OR ${blogPosts.twinPublicAt} > ${now.toISOString()}::timestamptz)`;
}

/** The columns a post card is made of (`toPostCard`). */
export const CARD_COLUMNS = {
  id: blogPosts.id,
  title: blogPosts.title,
  subtitle: blogPosts.subtitle,
  slug: blogPosts.slug,
  language: blogPosts.language,
  categoryId: blogPosts.categoryId,
  tags: blogPosts.tags,
  image: blogPosts.image,
  imageWidth: blogPosts.imageWidth,
  imageHeight: blogPosts.imageHeight,
  readingMinutes: blogPosts.readingMinutes,
  publishAt: blogPosts.publishAt,
  featured: blogPosts.featured,
  isDemo: blogPosts.isDemo,
  metaDescription: blogPosts.metaDescription,
  excerpt: sql<string>`left(${blogPosts.contentText}, 400)`,
  companyId: blogPosts.companyId,
  companyName: companies.name,
  companySlug: companies.slug,
};

/** A row of CARD_COLUMNS. */
export interface CardRow {
  id: number;
  title: string;
  subtitle: string | null;
  slug: string;
  language: BlogLanguage;
  categoryId: number;
  tags: string[];
  image: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  readingMinutes: number;
  publishAt: Date | null;
  featured: boolean;
  isDemo: boolean;
  metaDescription: string | null;
  excerpt: string;
  companyId: number | null;
  companyName: string | null;
  companySlug: string | null;
}

/** What the lists and the post page say of any post. */
export interface BlogPostBase {
  id: number;
  title: string;
  subtitle: string | null;
  language: BlogLanguage;
  /** The post's blog url ("fiber-nedir-42") and category url: its page is /blog/{categoryUrl}/{url}. */
  url: string;
  categoryId: number;
  categoryUrl: string;
  /** The page in the site's Turkish paths (the English site prefixes /en, blogPostPath). */
  path: string;
  tags: string[];
  image: BlogPostImage | null;
  readingMinutes: number;
}

/** A post as the lists show it. */
export interface BlogPostCard extends BlogPostBase {
  /** When it was (first) published. */
  publishedAt: string;
  featured: boolean;
  isDemo: boolean;
  /** The description a card shows: the meta description, or the start of the text. */
  excerpt: string;
  /** The company it speaks for; null for the site's own post. */
  company: { id: number; name: string; slug: string } | null;
  /** Written in the other language than the site's, with no twin in the site's (the language rule). */
  otherLanguage: boolean;
}

/** The blog url of a post: its slug and id ("fiber-nedir-42"). */
export function postUrl(slug: string, id: number): string {
  return `${slug}-${id}`;
}

/** The category url of a stored category id (one of the nine; a row cannot hold another). */
export function categoryUrlOf(categoryId: number): string {
  return findBlogCategoryById(categoryId)?.url ?? "guncel";
}

export function postImage(r: { image: string | null; imageWidth: number | null; imageHeight: number | null }): BlogPostImage | null {
  return r.image && r.imageWidth && r.imageHeight ? { name: r.image, width: r.imageWidth, height: r.imageHeight } : null;
}

function excerptOf(r: { metaDescription: string | null; excerpt: string }): string {
  if (r.metaDescription) return r.metaDescription;
  const flat = r.excerpt.replace(/\s+/g, " ").trim();
  if (flat.length <= 200) return flat;
  const cut = flat.slice(0, 199);
  const boundary = cut.lastIndexOf(" ");
  return `${(boundary > 100 ? cut.slice(0, boundary) : cut).replace(/[\s,.;:!?-]+$/u, "")}…`;
}

export function toPostCard(r: CardRow, locale: Locale): BlogPostCard {
  const categoryUrl = categoryUrlOf(r.categoryId);
  const url = postUrl(r.slug, r.id);
  return {
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    language: r.language,
    url,
    categoryId: r.categoryId,
    categoryUrl,
    path: blogPostPath("tr", categoryUrl, url),
    tags: r.tags,
    image: postImage(r),
    readingMinutes: r.readingMinutes,
    publishedAt: (r.publishAt ?? new Date(0)).toISOString(),
    featured: r.featured,
    isDemo: r.isDemo,
    excerpt: excerptOf(r),
    company: r.companyId !== null && r.companyName !== null && r.companySlug !== null ? { id: r.companyId, name: r.companyName, slug: r.companySlug } : null,
    otherLanguage: r.language !== locale,
  };
}

/** The join a card needs: its company's name and slug. */
export const companyJoin = eq(companies.id, blogPosts.companyId);
