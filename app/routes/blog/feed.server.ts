import type { RequestContext } from "../../../server/core/app-context";
import { blogFeedPosts, categoryListPath } from "../../../server/blog/feed-posts";
import { blogAtom, blogRss, FEED_CONTENT_TYPES } from "../../../server/blog/feeds";
import { pageError } from "../../../server/http/pages/page-errors";
import { getT } from "../../../server/i18n";
import { EN_PREFIX } from "../../../common/routes/registry";

/**
 * A blog feed (RSS 2.0 or Atom, by the path's last segment): the newest posts of all lists or of
 * one category, in the site's language (each feed has its /en twin, one route per language). An
 * unknown category is a 404, as its list is.
 */
export async function blogFeed(args: { request: Request; params: { categoryUrl?: string }; context: RequestContext }): Promise<Response> {
  const { request, params, context } = args;
  const locale = context.locale;
  const t = getT(locale);
  const format = new URL(request.url).pathname.endsWith("/atom") ? "atom" : "rss";
  const { posts, category } = await blogFeedPosts(context.app, { locale, filters: { categoryUrl: params.categoryUrl } }).catch(pageError);
  const path = category ? categoryListPath(locale, category.url) : `${locale === "en" ? EN_PREFIX : ""}/blog-yazilari`;
  const categoryName = category?.name[locale];
  const opts = {
    siteUrl: context.app.config.SITE_URL,
    locale,
    title: categoryName ? t("blog.list.titleCategory", { category: categoryName }) : t("blog.list.title"),
    description: categoryName ? t("blog.list.descriptionCategory", { category: categoryName }) : t("blog.list.description"),
    path,
    feedPaths: { rss: `${path}/rss`, atom: `${path}/atom` },
    posts,
  };
  const body = format === "atom" ? blogAtom(opts) : blogRss(opts);
  return new Response(body, {
    headers: { "Content-Type": FEED_CONTENT_TYPES[format], "Cache-Control": "public, max-age=600", "X-Content-Type-Options": "nosniff" },
  });
}

