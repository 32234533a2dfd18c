import type { FormResult } from "../../components/forms";
import { packageDetailAction, packageDetailPage } from "./detail.server";
import { LeadForm } from "../../features/packages/lead-forms";
import { ReminderForm } from "../../features/packages/reminder-form";
import { PackageDetailView } from "../../features/packages/package-detail";
import { ReviewsSection } from "../../features/reviews/reviews-section";
import { passHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader(args: Route.LoaderArgs) {
  return packageDetailPage(args);
}

/**
 * The subscribe and call-me forms, the review form and the company's answer, and the commitment
 * reminder (intent=subscribe|callMe|review|answer|reminder).
 */
export function action(args: Route.ActionArgs) {
  return packageDetailAction(args);
}

/**
 * /:subType/:company/paket/:packageUrl: every term in plain words, the whole cost, the request
 * forms, the reviews, and (a package with a commitment, even a withdrawn one: someone's contract)
 * the reminder.
 */
export default function PackageDetailRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("auth", "companies", "infrastructure", "packages", "settings");
  const { t } = useTranslation();
  const { detail, reminder, leadFlat, pathWithoutFlat } = loaderData;
  const flat = leadFlat?.state === "found" && pathWithoutFlat ? { code: leadFlat.code, address: leadFlat.address, removeHref: pathWithoutFlat } : null;
  const result = actionData as (FormResult & { intent?: string }) | undefined;
  const leadResult = result?.intent === "subscribe" || result?.intent === "callMe" ? result : undefined;
  return (
    <PackageDetailView
      data={loaderData}
      reviews={
        <ReviewsSection
          data={loaderData}
          score={detail.score}
          count={detail.reviewCount}
          noReviews={t("packages.reviews.noReviews")}
          closed={detail.requestable ? undefined : t("packages.reviews.closed")}
          reviewResult={result?.intent === "review" ? result : undefined}
          answerResult={result?.intent === "answer" ? result : undefined}
        />
      }
    >
      {detail.requestable ? (
        <>
          {leadFlat && leadFlat.state !== "found" ? (
            <p className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 print:hidden dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="lead-flat-notice">
              {t(leadFlat.state === "unavailable" ? "packages.leads.flat.unavailable" : "packages.leads.flat.notFound")}
            </p>
          ) : null}
          <div className="mt-8 grid gap-6 print:hidden md:grid-cols-2">
            <LeadForm intent="subscribe" companyName={detail.company.name} initial={leadResult} flat={flat} />
            <LeadForm intent="callMe" companyName={detail.company.name} initial={leadResult} flat={flat} />
          </div>
        </>
      ) : null}
      {reminder ? <ReminderForm defaults={reminder} initial={result?.intent === "reminder" ? result : undefined} /> : null}
    </PackageDetailView>
  );
}
