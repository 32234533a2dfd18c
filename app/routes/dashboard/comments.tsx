import { useLocation } from "react-router";
import { type FormResult } from "../../components/forms";
import { ModerationList } from "../../components/ui/moderation-list";
import { PageLink } from "../../components/ui/page-link";
import { Pagination } from "../../components/ui/pagination";
import { BlogCommentModeration } from "../../features/blog/dashboard/comment-moderation";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { ModerationItem, REVIEW_TABS, type ReviewTab } from "../../features/dashboard/review-moderation";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { moderationAction, moderationPage } from "./comments.server";
import type { Route } from "./+types/comments";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** yorumlar: administrators only. ?sekme=isletmeler|blog|paketler, ?durum=<state>|tumu (default: unconfirmed), ?sayfa=n. */
export function loader(args: Route.LoaderArgs) {
  return moderationPage(args);
}

/** confirm / remove / restore one review, dispatched on `intent`; `subject` says whose (a company's or a package's). */
export function action(args: Route.ActionArgs) {
  return moderationAction(args);
}

export default function CommentsRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "blog", "companyAdmin");
  const { t } = useTranslation();
  const paths = usePaths();
  const location = useLocation();
  const { tab, subject, state, list, blog } = loaderData;
  const base = paths.dashboardComments();
  const href = (q: Record<string, string>) => `${base}?${new URLSearchParams(q).toString()}`;
  const result = actionData as FormResult | undefined;
  return (
    <DashboardLayout wide>
      <h1 className="text-3xl font-bold">{t("companyAdmin.comments.title")}</h1>
      <p className="mt-2 mb-6 muted">{t("companyAdmin.comments.description")}</p>
      <nav aria-label={t("companyAdmin.comments.tabs")} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(REVIEW_TABS) as ReviewTab[]).map((key) => (
            <li key={key}>
              <PageLink
                to={href({ sekme: key })}
                aria-current={tab === key ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-lg px-3 py-2 no-underline ${tab === key ? "bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-300" : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"}`}
              >
                {t(key === "isletmeler" ? "companyAdmin.comments.tabCompanies" : key === "blog" ? "companyAdmin.comments.tabBlog" : "companyAdmin.comments.tabPackages")}
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
      {result ? (
        <p role={result.success ? "status" : "alert"} className={`mb-4 rounded-lg p-3 ${result.success ? "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`}>
          {result.message}
        </p>
      ) : null}
      {blog ? <BlogCommentModeration list={blog} state={state} base={base} action={`${location.pathname}${location.search}`} /> : null}
      {list ? (
        <>
          <ModerationList base={base} tab={tab} state={state} rows={list.rows} total={list.total} item={(r) => <ModerationItem key={r.id} review={r} subject={subject} />} />
          <Pagination page={list.page} pageCount={list.pageCount} href={(page) => href({ sekme: tab, durum: state, sayfa: String(page) })} />
        </>
      ) : null}
    </DashboardLayout>
  );
}
