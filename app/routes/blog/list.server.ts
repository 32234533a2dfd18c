import { data, redirect } from "react-router";
import { blogCategories } from "../../../common/blog-categories";
import type { Locale } from "../../../common/format";
import { EN_PREFIX } from "../../../common/routes/registry";
import type { ValidationErrors } from "../../../common/validation/messages";
import type { RequestContext } from "../../../server/core/app-context";
import { blogHighlights, listBlogPosts, type BlogHighlights, type BlogPostList } from "../../../server/blog/list-posts";
import { pageError } from "../../../server/http/pages/page-errors";
import { getT } from "../../../server/i18n";
import { AppError, isAppError } from "../../../server/platform/app-error";

/** The query a list reads: the word search, one tag, the page. */
export const BLOG_LIST_QUERY_KEYS = ["q", "tag", "page"] as const;

/** The list's own path (its feeds and the form post to it), in the site's language. */
function listBase(locale: Locale, params: { categoryUrl?: string; corporateUrl?: string }): string {
  const prefix = locale === "en" ? EN_PREFIX : "";
  if (params.categoryUrl !== undefined) return `${prefix}/blog-yazilari/kategori/${encodeURIComponent(params.categoryUrl)}`;
  if (params.corporateUrl !== undefined) return `${prefix}/blog-yazilari/isletme/${encodeURIComponent(params.corporateUrl)}`;
  return `${prefix}/blog-yazilari`;
}

/** A query value as one string: the first of repeated ones, bounded so a huge one is not echoed back. */
function queryValue(search: URLSearchParams, key: string): string | undefined {
  const v = search.get(key);
  return v === null || v === "" ? undefined : v.slice(0, 200);
}

const EMPTY = (page: number): BlogPostList => ({ posts: [], total: 0, totalCapped: false, page, pageCount: 1, pageSize: 12, category: null, company: null });

/**
 * /blog-yazilari, /blog-yazilari/kategori/:categoryUrl, /blog-yazilari/isletme/:corporateUrl: a
 * page of posts in the site's language rule, narrowed by the path and the query (q, tag, page);
 * the main page adds the featured and trending posts and the tags. An unknown category or company
 * is the 404 page; a refused search or page is a 400 with its translated message.
 */
export async function blogListData(args: { request: Request; params: { categoryUrl?: string; corporateUrl?: string }; context: RequestContext }) {
  const { request, params, context } = args;
  const url = new URL(request.url);
  const locale = context.locale;
  const t = getT(locale);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) throw redirect(url.pathname.replace(/\/+$/, "") + url.search, 301);
  const base = listBase(locale, params);
  const query: Record<string, string> = {};
  for (const key of BLOG_LIST_QUERY_KEYS) {
    const v = queryValue(url.searchParams, key);
    if (v !== undefined) query[key] = v;
  }
  const pageText = query.page ?? "1";
  const page = /^[1-9]\d{0,4}$/.test(pageText) ? Number(pageText) : NaN;
  const filters = { categoryUrl: params.categoryUrl, companySlug: params.corporateUrl, tag: query.tag, q: query.q };

  let list: BlogPostList;
  let errors: ValidationErrors = {};
  try {
    if (Number.isNaN(page)) throw new AppError("E_VALIDATION", "blog.validation.page", { fieldErrors: { page: { key: "blog.validation.page" } } });
    list = await listBlogPosts(context.app, { locale, filters, page });
  } catch (err) {
    if (!isAppError(err) || err.code !== "E_VALIDATION" || !err.fieldErrors) return pageError(err);
    errors = err.fieldErrors;
    // The list the path names (an unknown category or company is still the 404 page), for its title.
    const named = await listBlogPosts(context.app, { locale, filters: { categoryUrl: filters.categoryUrl, companySlug: filters.companySlug }, pageSize: 1 }).catch(pageError);
    list = { ...EMPTY(1), category: named.category, company: named.company };
  }

  const main = params.categoryUrl === undefined && params.corporateUrl === undefined && Object.keys(query).length === 0;
  const highlights: BlogHighlights | null = main ? await blogHighlights(context.app, { locale }) : null;

  const categoryName = list.category?.name[locale];
  const title = categoryName
    ? t("blog.list.titleCategory", { category: categoryName })
    : list.company
      ? t("blog.list.titleCompany", { company: list.company.name })
      : t("blog.list.title");
  const description = categoryName
    ? t("blog.list.descriptionCategory", { category: categoryName })
    : list.company
      ? t("blog.list.descriptionCompany", { company: list.company.name })
      : t("blog.list.description");
  const heading = query.q && !errors.q ? t("blog.list.titleSearch", { q: query.q }) : query.tag && !errors.tag ? t("blog.list.titleTag", { tag: query.tag }) : title;

  const feedBase = params.corporateUrl !== undefined ? listBase(locale, {}) : base;
  return data(
    {
      title,
      heading,
      base,
      query,
      errors,
      list,
      highlights,
      categoryUrl: params.categoryUrl ?? "",
      categories: blogCategories.map((c) => ({ url: c.url, name: c.name[locale] })),
      feeds: { rss: `${feedBase}/rss`, atom: `${feedBase}/atom` },
      seo: {
        title: list.page > 1 ? `${heading} (${list.page})` : heading,
        description,
        // Lists narrowed by the query are not indexed: the path-only list is the canonical one.
        index: Object.keys(query).filter((k) => k !== "page").length === 0 && Object.keys(errors).length === 0,
      },
    },
    { status: Object.keys(errors).length ? 400 : 200 },
  );
}
