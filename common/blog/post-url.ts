import type { Locale } from "../format";
import { EN_PREFIX } from "../routes/registry";
import { slugify } from "../text";

/**
 * A blog post's address, `/blog/{category_url}/{blog_url}`: the blog url is a slug of the title
 * and the post's id after the last hyphen ("fiber-nedir-42"). The id is what finds the post; the
 * slug and the category are for people and search engines, and a wrong one is redirected to the
 * right one (blogPostRedirect).
 */

/** Most characters of the id (spec §9). */
export const BLOG_ID_MAX_LENGTH = 10;

/** Most characters of the title's part of a blog url (cut at a word boundary). */
export const BLOG_SLUG_MAX_LENGTH = 80;

/** The title's part when the title leaves no letters or digits to slug ("???", "日本語"). */
const FALLBACK_SLUG = "blog";

export type BlogUrlCheck = { kind: "home" } | { kind: "post"; id: number };

/**
 * The spec's blog url check (§4, §9): the visitor is sent home when the url is empty, has no
 * hyphen, or what follows its last hyphen is longer than 10 characters or not a number (ASCII
 * digits only: "12.5", "1e3", "١٢" and "" are not). Otherwise the id is used. Leading zeros are a
 * number ("x-007" is 7): the post's page then redirects to its canonical url.
 *
 * A 10-digit id can exceed a 32-bit column (2,147,483,647): a caller looking it up in such a
 * column answers "not found" for a larger one rather than asking the database.
 */
export function checkBlogUrl(blogUrl: string | null | undefined): BlogUrlCheck {
  if (!blogUrl) return { kind: "home" };
  const hyphen = blogUrl.lastIndexOf("-");
  if (hyphen < 0) return { kind: "home" };
  const id = blogUrl.slice(hyphen + 1);
  if (id.length > BLOG_ID_MAX_LENGTH || !/^[0-9]+$/.test(id)) return { kind: "home" };
  return { kind: "post", id: Number(id) };
}

/** The title's part of a blog url: a Turkish-aware slug, at most BLOG_SLUG_MAX_LENGTH characters. */
export function blogTitleSlug(title: string): string {
  const slug = slugify(title);
  if (!slug) return FALLBACK_SLUG;
  if (slug.length <= BLOG_SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, BLOG_SLUG_MAX_LENGTH + 1);
  const boundary = cut.lastIndexOf("-");
  return boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, BLOG_SLUG_MAX_LENGTH);
}

/** A post's blog url: "Fiber İnternet Nedir?" and 42 → "fiber-internet-nedir-42". */
export function blogUrl(title: string, id: number): string {
  if (!Number.isSafeInteger(id) || id < 0 || String(id).length > BLOG_ID_MAX_LENGTH) throw new RangeError(`not a blog post id: ${id}`);
  return `${blogTitleSlug(title)}-${id}`;
}

/**
 * The path of a post in a language: "/blog/teknoloji/fiber-nedir-42", "/en/blog/…". The blog keeps
 * its Turkish category urls in English too, like every other path (decision 008). Built like the
 * route registry builds paths (each parameter URI-encoded); once the registry has the post's
 * entry, `pathsFor(locale).blogPost(categoryUrl, blogUrl)` gives the same path.
 */
export function blogPostPath(locale: Locale, categoryUrl: string, postUrl: string): string {
  const prefix = locale === "en" ? EN_PREFIX : "";
  return `${prefix}/blog/${encodeURIComponent(categoryUrl)}/${encodeURIComponent(postUrl)}`;
}

/**
 * Where a post's page sends a visitor who came by `requested` (the route's parameters): nowhere
 * (null) when it is the post's own url, else its canonical path (a 301: the id was right, the
 * slug or the category was not). `canonical` is the post's stored category and blog url (a url
 * kept when the title is edited later, so links to it keep working).
 */
export function blogPostRedirect(
  locale: Locale,
  requested: { categoryUrl: string; blogUrl: string },
  canonical: { categoryUrl: string; blogUrl: string },
): string | null {
  if (requested.categoryUrl === canonical.categoryUrl && requested.blogUrl === canonical.blogUrl) return null;
  return blogPostPath(locale, canonical.categoryUrl, canonical.blogUrl);
}
