import { data, Form, useLocation } from "react-router";
import { REVIEW_STATES } from "../../../common/companies";
import { formatDate } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { MODERATION_INTENTS, type ModerationIntent } from "../../../common/forms/company-edit";
import { isReviewSubject, type ReviewSubject } from "../../../common/reviews";
import { listReviewsForModeration, moderateReview, parseReviewState } from "../../../server/reviews/moderate-reviews";
import { moderateBlogComment } from "../../../server/blog/moderate-comments";
import { BlogCommentModeration } from "../../features/blog/dashboard/comment-moderation";
import { loadBlogModeration } from "./blog-comments.server";
import { AppError, formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageAdmin } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { PageLink } from "../../components/ui/page-link";
import { Pagination } from "../../components/ui/pagination";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { usersHref } from "../../features/dashboard/users-query";
import { privatePageHeaders } from "../../lib/headers";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/comments";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** The tabs (spec §2) and the reviews each lists: company profiles and packages; the blog tab lists blog comments. */
const TABS = { isletmeler: "company", blog: null, paketler: "package" } as const satisfies Record<string, ReviewSubject | null>;
type TabParam = keyof typeof TABS;

function parseTab(v: string | null): TabParam {
  return v !== null && Object.hasOwn(TABS, v) ? (v as TabParam) : "isletmeler";
}

/** yorumlar: administrators only. ?sekme=isletmeler|blog|paketler, ?durum=<state>|tumu (default: unconfirmed), ?sayfa=n. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageAdmin(context, request);
  const t = getT(context.locale);
  const params = new URL(request.url).searchParams;
  const tab = parseTab(params.get("sekme"));
  const stateParam = params.get("durum");
  const state = stateParam === "tumu" ? null : (parseReviewState(stateParam) ?? "unconfirmed");
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("sayfa") ?? "1", 10) || 1));
  const subject = TABS[tab];
  const list = subject ? await listReviewsForModeration(context.app, { actor: context, subject, state, page }) : null;
  const paths = pathsFor(context.locale);
  const blog = tab === "blog" ? await loadBlogModeration(context, { state, page }) : null;
  return {
    blog,
    seo: { title: t("companyAdmin.comments.title"), description: t("companyAdmin.comments.description"), index: false },
    tab,
    subject,
    state: state ?? "tumu",
    list: list
      ? {
          total: list.total,
          page: list.page,
          pageCount: list.pageCount,
          rows: list.rows.map((r) => ({
            id: r.id,
            companyName: r.company.name,
            companyPath: r.company.published ? paths.companyProfile(r.company.segment, r.company.slug) : null,
            packageTitle: r.package?.title ?? null,
            packagePath: r.package?.visible ? paths.packageDetail(r.company.segment, r.company.slug, r.package.slug) : null,
            fullName: r.fullName,
            author: r.author ? { name: r.author.fullName, email: r.author.email, path: usersHref(paths.dashboardUsers(), { userId: String(r.author.id) }) } : null,
            title: r.title,
            body: r.body,
            score: r.score,
            state: r.state,
            isDemo: r.isDemo,
            date: formatDate(r.createdAt),
          })),
        }
      : null,
  };
}

/** confirm / remove / restore one review, dispatched on `intent`; `subject` says whose (a company's or a package's). */
export async function action({ request, context }: Route.ActionArgs) {
  requirePageAdmin(context, request);
  try {
    const form = await readVerifiedForm(request, context);
    const subject = form.get("subject");
    if (subject === "blog") {
      const r = await moderateBlogComment(context.app, { actor: context, intent: form.get("intent"), commentId: form.get("reviewId") });
      return data<FormResult>({ success: true, intent: r.intent, message: getT(context.locale)(`companyAdmin.comments.done_${r.intent}`) });
    }
    if (!isReviewSubject(subject)) throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownSubject");
    const r = await moderateReview(context.app, { actor: context, subject, intent: form.get("intent"), reviewId: form.get("reviewId") });
    return data<FormResult>({ success: true, intent: r.intent, message: getT(context.locale)(`companyAdmin.comments.done_${r.intent}`) });
  } catch (err) {
    return formFailure(err, context);
  }
}

/** The actions a review in a state offers. */
function actionsFor(state: string): ModerationIntent[] {
  return (Object.keys(MODERATION_INTENTS) as ModerationIntent[]).filter((i) => (MODERATION_INTENTS[i].from as readonly string[]).includes(state));
}

export default function CommentsRoute({ loaderData, actionData }: Route.ComponentProps) {
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
      <p className="mt-2 mb-6 text-slate-700 dark:text-slate-300">{t("companyAdmin.comments.description")}</p>
      <nav aria-label={t("companyAdmin.comments.tabs")} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(TABS) as TabParam[]).map((key) => (
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
          <form method="get" action={base} className="mb-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="sekme" value={tab} />
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t("companyAdmin.comments.filter")}</span>
              <select name="durum" defaultValue={state} className="field-input">
                <option value="tumu">{t("companyAdmin.comments.stateAll")}</option>
                {REVIEW_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(`companyAdmin.reviewStates.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-ghost">
              {t("companyAdmin.comments.apply")}
            </button>
          </form>
          {list.rows.length === 0 ? (
            <p>{t("companyAdmin.comments.empty")}</p>
          ) : (
            <ul className="space-y-4" aria-label={t("companyAdmin.comments.caption", { count: list.total })}>
              {list.rows.map((r) => (
                <li key={r.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-review-id={r.id}>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {t("companyAdmin.comments.company")}:{" "}
                    {r.companyPath ? <a href={r.companyPath}>{r.companyName}</a> : <span>{r.companyName}</span>}
                    {r.companyPath ? null : <span> ({t("companyAdmin.comments.notPublished")})</span>}
                    {r.isDemo ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">{t("companyAdmin.list.demo")}</span> : null}
                  </p>
                  {r.packageTitle !== null ? (
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      {t("companyAdmin.comments.package")}: {r.packagePath ? <a href={r.packagePath}>{r.packageTitle}</a> : <span>{r.packageTitle}</span>}
                      {r.packagePath ? null : <span> ({t("companyAdmin.comments.packageNotVisible")})</span>}
                    </p>
                  ) : null}
                  <h2 className="mt-1 text-lg font-semibold">{r.title}</h2>
                  <p className="text-sm">
                    {t("companyAdmin.comments.author")}: {r.fullName} · {t("companyAdmin.comments.account")}:{" "}
                    {r.author ? (
                      <a href={r.author.path} data-testid="review-author">
                        {`${r.author.name} (${r.author.email})`}
                      </a>
                    ) : (
                      <span>{t("companyAdmin.comments.noAccount")}</span>
                    )}{" "}
                    · {t("companyAdmin.comments.score")}: {t("companyAdmin.comments.scoreValue", { score: r.score })} · {r.date} ·{" "}
                    {t("companyAdmin.comments.state")}: {t(`companyAdmin.reviewStates.${r.state}`)}
                  </p>
                  <p className="mt-2 break-words whitespace-pre-line">{r.body}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {actionsFor(r.state).map((intent) => (
                      <Form key={intent} method="post" action={`${location.pathname}${location.search}`}>
                        <CsrfInput />
                        <input type="hidden" name="intent" value={intent} />
                        <input type="hidden" name="subject" value={subject ?? ""} />
                        <input type="hidden" name="reviewId" value={r.id} />
                        <button
                          type="submit"
                          className={intent === "remove" ? "btn-ghost" : "btn-primary"}
                          aria-label={t("companyAdmin.comments.actionFor", { action: t(`companyAdmin.comments.${intent}`), title: r.title })}
                        >
                          {t(`companyAdmin.comments.${intent}`)}
                        </button>
                      </Form>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={list.page} pageCount={list.pageCount} href={(page) => href({ sekme: tab, durum: state, sayfa: String(page) })} />
        </>
      ) : null}
    </DashboardLayout>
  );
}
