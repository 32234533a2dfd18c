import { data } from "react-router";
import { blogCategories } from "../../../common/blog-categories";
import { blogPostPath } from "../../../common/blog/post-url";
import { formatDateTime } from "../../../common/format";
import { listManagedBlogPosts } from "../../../server/blog/manage-posts";
import { listOwnCompanies } from "../../../server/companies/own-companies";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import { loaderId, pageError } from "../../../server/http/pages/page-errors";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";

/** How many of the user's companies the list offers as shortcuts (an administrator's newest ones). */
const COMPANY_SHORTCUTS = 20;

/**
 * blog/liste and blog/liste/:corporateId: the posts the user manages (a corporate member's
 * companies' posts, every post for an administrator, the site's among them), or one company's;
 * ?kategori=<id> is a category tab, ?sayfa=n the page. A forged or another owner's company is the
 * 404 page; so is a category tab or page that is not one.
 */
export async function loadManagedPostList(request: Request, context: RequestContext, params: { corporateId?: string }) {
  const user = requirePageCorporate(context, request);
  const t = getT(context.locale);
  const search = new URL(request.url).searchParams;
  const companyId = params.corporateId === undefined ? undefined : loaderId(params.corporateId);
  const category = search.get("kategori");
  const pageText = search.get("sayfa");
  // A tab or page that is not one is a page that does not exist.
  if ((category !== null && !/^[1-9]$/.test(category)) || (pageText !== null && !/^[1-9]\d{0,3}$/.test(pageText))) throw data(null, { status: 404 });
  const page = pageText === null ? 1 : Number(pageText);
  const list = await listManagedBlogPosts(context.app, { actor: context, companyId, categoryId: category ?? undefined, page }).catch(pageError);
  const companies = (await listOwnCompanies(context.app, { actor: context })).slice(0, COMPANY_SHORTCUTS).map((c) => ({ id: c.id, name: c.name }));
  const title = list.company ? `${t("blog.dashboard.list.title")}: ${list.company.name}` : t("blog.dashboard.list.title");
  return {
    seo: { title, description: t("blog.dashboard.list.description"), index: false },
    title,
    isAdmin: user.isAdmin,
    company: list.company,
    companies,
    categoryId: category === null ? null : Number(category),
    tabs: blogCategories.map((c) => ({ id: c.id, name: c.name[context.locale], count: list.categoryCounts[c.id] ?? 0 })),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    posts: list.posts.map((p) => ({
      id: p.id,
      title: p.title,
      state: p.state,
      language: p.language,
      category: blogCategories.find((c) => c.id === p.categoryId)?.name[context.locale] ?? "",
      company: p.company,
      publishAt: p.publishAt ? formatDateTime(p.publishAt) : null,
      updatedAt: formatDateTime(p.updatedAt),
      isDemo: p.isDemo,
      publicPath: p.state === "published" ? blogPostPath(context.locale, p.categoryUrl, p.url) : null,
    })),
  };
}
