import { redirect } from "react-router";
import { findBlogCategoryById } from "../../../common/blog-categories";
import { blogPostPath, blogPostRedirect, checkBlogUrl } from "../../../common/blog/post-url";
import { blogImagePath } from "../../../common/blog/posts";
import { breadcrumbListJsonLd } from "../../../common/json-ld";
import { localizePath, pathsFor } from "../../../common/paths";
import { SITE_NAME } from "../../../common/site";
import type { RequestContext } from "../../../server/core/app-context";
import { listBlogComments } from "../../../server/blog/comments";
import { getBlogPost } from "../../../server/blog/get-post";
import { renderedPostBody } from "../../../server/blog/rendered-body";
import { notFoundPage } from "../../../server/http/not-found-page";
import { pageError } from "../../../server/http/pages/page-errors";
import { isAppError } from "../../../server/platform/app-error";
import { getT } from "../../../server/i18n";

/** The comments' page from the query: a plain positive number, else the first. */
function commentPage(search: URLSearchParams): number {
  const v = search.get("page") ?? "1";
  return /^[1-9]\d{0,3}$/.test(v) ? Number(v) : 1;
}

/**
 * The post of /blog/:categoryUrl/:blogUrl (spec §4, §9): one form of the path only (a trailing
 * slash redirects away, as on the profiles); the url check sends a bad blog url home; a right id
 * with a wrong slug or category is a 301 to the post's url; a post that is not public, or an id
 * beyond the column, is the 404 page. Everything the page shows, with its SEO and JSON-LD.
 */
export async function blogPostData(args: { request: Request; params: { categoryUrl: string; blogUrl: string }; context: RequestContext }) {
  const { request, params, context } = args;
  const url = new URL(request.url);
  const locale = context.locale;
  const t = getT(locale);
  if (url.pathname.endsWith("/")) throw redirect(url.pathname.replace(/\/+$/, "") + url.search, 301);
  const check = checkBlogUrl(params.blogUrl);
  if (check.kind === "home") throw redirect(pathsFor(locale).Home(), 302);
  const page = await getBlogPost(context.app, { id: check.id, locale }).catch((err: unknown) => {
    // Spec §8: the 404 says the blog post was not found.
    if (isAppError(err) && err.code === "E_NOT_FOUND") throw notFoundPage({ notFound: "blogPost" });
    throw err;
  });
  const { post } = page;
  const target = blogPostRedirect(locale, params, { categoryUrl: post.categoryUrl, blogUrl: post.url });
  if (target) throw redirect(target + url.search, 301);

  const comments = await listBlogComments(context.app, { postId: post.id, user: context.user, page: commentPage(url.searchParams) }).catch(pageError);
  const siteUrl = context.app.config.SITE_URL.replace(/\/+$/, "");
  const selfPath = blogPostPath(locale, post.categoryUrl, post.url);
  const selfUrl = `${siteUrl}${selfPath}`;
  const category = findBlogCategoryById(post.categoryId);
  const categoryName = category?.name[locale] ?? post.categoryUrl;
  const categoryPath = `/blog-yazilari/kategori/${encodeURIComponent(post.categoryUrl)}`;
  const crumbs = [
    { name: t("blog.post.breadcrumbHome"), to: "/", url: `${siteUrl}${localizePath(locale, "/")}` },
    { name: t("blog.list.title"), to: "/blog-yazilari", url: `${siteUrl}${localizePath(locale, "/blog-yazilari")}` },
    { name: categoryName, to: categoryPath, url: `${siteUrl}${localizePath(locale, categoryPath)}` },
    { name: post.title, url: selfUrl },
  ];
  const imageUrl = post.image ? `${siteUrl}${blogImagePath(post.image.name)}` : undefined;
  const companyPath = post.company ? `/${post.company.segment}/${post.company.slug}` : null;
  const jsonLd: unknown[] = [
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      ...(post.subtitle ? { alternativeHeadline: post.subtitle } : {}),
      description: post.metaDescription,
      inLanguage: post.language,
      ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
      dateModified: post.updatedAt,
      mainEntityOfPage: selfUrl,
      url: selfUrl,
      ...(imageUrl ? { image: { "@type": "ImageObject", url: imageUrl, width: post.image!.width, height: post.image!.height } } : {}),
      ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
      articleSection: categoryName,
      author: post.company
        ? { "@type": "Organization", name: post.company.name, url: `${siteUrl}${localizePath(locale, companyPath!)}` }
        : post.author
          ? { "@type": "Person", name: post.author.fullName }
          : { "@type": "Organization", name: SITE_NAME, url: siteUrl },
      publisher: { "@type": "Organization", name: SITE_NAME, url: siteUrl },
      commentCount: page.commentCount,
    },
    breadcrumbListJsonLd(crumbs.map((c) => ({ name: c.name, url: c.url }))),
  ];
  if (post.faq.length) {
    jsonLd.push({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: post.faq.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
    });
  }
  // hreflang: the post in its language's site, its translation in the other's (both ways); a
  // post without one keeps the site's pair (the same post under either interface).
  const alternates = page.twin
    ? [
        { hrefLang: post.language, href: `${siteUrl}${blogPostPath(post.language, post.categoryUrl, post.url)}` },
        { hrefLang: page.twin.language, href: `${siteUrl}${blogPostPath(page.twin.language, page.twin.categoryUrl, page.twin.url)}` },
        { hrefLang: "x-default", href: `${siteUrl}${post.language === "tr" ? blogPostPath("tr", post.categoryUrl, post.url) : blogPostPath("tr", page.twin.categoryUrl, page.twin.url)}` },
      ]
    : null;
  const { content: _content, ...shown } = post;
  return {
    post: shown,
    html: renderedPostBody(context.app, post, locale),
    twin: page.twin,
    related: page.related,
    packages: page.packages,
    comments,
    crumbs: crumbs.map(({ name, to }) => ({ name, to })),
    categoryName,
    companyPath,
    shareUrl: selfUrl,
    signedIn: context.user !== null,
    member: context.user ? { name: context.user.fullName ?? "", email: context.user.email ?? "" } : null,
    alternates,
    imageUrl,
    jsonLd,
    seo: { title: post.metaTitle, description: post.metaDescription },
  };
}
