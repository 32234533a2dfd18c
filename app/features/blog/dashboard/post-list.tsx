import type { BlogLanguage, BlogPostState } from "../../../../common/blog/posts";
import { PageLink } from "../../../components/ui/page-link";
import { Pagination } from "../../../components/ui/pagination";
import { useTranslation } from "../../../lib/i18n";
import { usePaths } from "../../../lib/paths";

export interface ManagedPostListView {
  title: string;
  isAdmin: boolean;
  company: { id: number; name: string } | null;
  companies: { id: number; name: string }[];
  categoryId: number | null;
  tabs: { id: number; name: string; count: number }[];
  total: number;
  page: number;
  pageCount: number;
  posts: {
    id: number;
    title: string;
    state: BlogPostState;
    language: BlogLanguage;
    category: string;
    company: { id: number; name: string } | null;
    publishAt: string | null;
    updatedAt: string;
    isDemo: boolean;
    publicPath: string | null;
  }[];
}

const tabClass = (current: boolean) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 py-2 no-underline ${current ? "bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-300" : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"}`;

/** The dashboard's post list: category tabs, the posts with their state, links to write and edit. */
export function ManagedPostList({ view }: { view: ManagedPostListView }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { company } = view;
  const base = company ? paths.blogDashboardCompanyList(String(company.id)) : paths.blogDashboardList();
  const href = (q: { kategori?: number | null; sayfa?: number }) => {
    const s = new URLSearchParams();
    if (q.kategori) s.set("kategori", String(q.kategori));
    if (q.sayfa && q.sayfa > 1) s.set("sayfa", String(q.sayfa));
    const text = s.toString();
    return text ? `${base}?${text}` : base;
  };
  const editPath = (p: ManagedPostListView["posts"][number]) =>
    p.company ? paths.blogDashboardCompanyEdit(String(p.id), String(p.company.id)) : paths.blogDashboardEdit(String(p.id));
  return (
    <>
      {company ? (
        <p className="mb-2">
          <PageLink to={paths.blogDashboardList()}>{t("blog.dashboard.list.allPosts")}</PageLink>
        </p>
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold break-words">{view.title}</h1>
        <div className="flex flex-wrap gap-3">
          {company ? (
            <PageLink to={paths.blogDashboardCompanyNew(String(company.id))} className="btn-primary">
              {t("blog.dashboard.list.newForCompany", { company: company.name })}
            </PageLink>
          ) : view.isAdmin ? (
            <PageLink to={paths.blogDashboardNew()} className="btn-primary">
              {t("blog.dashboard.list.newForSite")}
            </PageLink>
          ) : null}
        </div>
      </div>
      <p className="mt-2 mb-4 muted">{t("blog.dashboard.list.description")}</p>
      {!company && view.companies.length ? (
        <nav aria-label={t("blog.dashboard.list.companies")} className="mb-4">
          <h2 className="mb-1 font-semibold">{t("blog.dashboard.list.companies")}</h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {view.companies.map((c) => (
              <li key={c.id}>
                <PageLink to={paths.blogDashboardCompanyList(String(c.id))} className="inline-flex min-h-11 items-center">
                  {c.name}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav aria-label={t("blog.dashboard.list.tabs")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          <li>
            <PageLink to={href({})} aria-current={view.categoryId === null ? "page" : undefined} className={tabClass(view.categoryId === null)}>
              {t("blog.dashboard.list.allCategories")}
            </PageLink>
          </li>
          {view.tabs.map((tab) => (
            <li key={tab.id}>
              <PageLink to={href({ kategori: tab.id })} aria-current={view.categoryId === tab.id ? "page" : undefined} className={tabClass(view.categoryId === tab.id)}>
                {tab.name} ({tab.count})
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
      {view.posts.length === 0 ? (
        <p>{t("blog.dashboard.list.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("blog.dashboard.list.caption", { count: view.total })}</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-600">
                <th scope="col" className="p-2">{t("blog.dashboard.fields.title")}</th>
                <th scope="col" className="p-2">{t("blog.dashboard.fields.category")}</th>
                <th scope="col" className="p-2">{t("blog.dashboard.list.owner")}</th>
                <th scope="col" className="p-2">{t("blog.dashboard.list.state")}</th>
                <th scope="col" className="p-2">{t("blog.dashboard.list.updated")}</th>
                <th scope="col" className="p-2">{t("blog.dashboard.list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {view.posts.map((p) => (
                <tr key={p.id} className="border-b border-slate-200 dark:border-slate-700" data-post-id={p.id}>
                  <th scope="row" className="p-2 font-medium break-words">
                    {p.publicPath ? <a href={p.publicPath}>{p.title}</a> : p.title}
                    <span className="ml-2 text-xs uppercase">{p.language}</span>
                    {p.isDemo ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">{t("blog.dashboard.list.demo")}</span> : null}
                  </th>
                  <td className="p-2">{p.category}</td>
                  <td className="p-2">{p.company ? p.company.name : t("blog.dashboard.list.site")}</td>
                  <td className="p-2">
                    {t(`blog.states.${p.state}`)}
                    {p.state === "scheduled" && p.publishAt ? <span className="block text-xs">{p.publishAt}</span> : null}
                  </td>
                  <td className="p-2">{p.updatedAt}</td>
                  <td className="p-2">
                    <PageLink to={editPath(p)} className="inline-flex min-h-11 items-center px-2" aria-label={t("blog.dashboard.list.editFor", { title: p.title })}>
                      {t("blog.dashboard.list.edit")}
                    </PageLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={view.page} pageCount={view.pageCount} href={(page) => href({ kategori: view.categoryId, sayfa: page })} />
    </>
  );
}
