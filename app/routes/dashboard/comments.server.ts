import { data } from "react-router";
import { formatDate } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { isReviewSubject } from "../../../common/reviews";
import { listReviewsForModeration, moderateReview, parseReviewState } from "../../../server/reviews/moderate-reviews";
import { AppError, formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageAdmin } from "../../../server/http/forms/guards";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import type { FormResult } from "../../components/forms";
import { parseReviewTab, REVIEW_TABS, type ModerationRowView } from "../../features/dashboard/review-moderation";
import { usersHref } from "../../features/dashboard/users-query";
import { loadBlogModeration } from "./blog-comments.server";
import { moderateBlogComment } from "../../../server/blog/moderate-comments";

interface PageArgs {
  request: Request;
  context: RequestContext;
}

/** yorumlar: administrators only. ?sekme=isletmeler|blog|paketler, ?durum=<state>|tumu (default: unconfirmed), ?sayfa=n. */
export async function moderationPage({ request, context }: PageArgs) {
  requirePageAdmin(context, request);
  const t = getT(context.locale);
  const params = new URL(request.url).searchParams;
  const tab = parseReviewTab(params.get("sekme"));
  const stateParam = params.get("durum");
  const state = stateParam === "tumu" ? null : (parseReviewState(stateParam) ?? "unconfirmed");
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("sayfa") ?? "1", 10) || 1));
  const subject = REVIEW_TABS[tab];
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
          rows: list.rows.map((r): ModerationRowView => ({
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
export async function moderationAction({ request, context }: PageArgs) {
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
