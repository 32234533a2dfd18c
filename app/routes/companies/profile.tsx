import { data } from "react-router";
import { profileData } from "./profile.server";
import { leadFormAction } from "../../../server/http/pages/lead-action";
import { countProfileView } from "../../../server/companies/profile-views";
import { companyPriceRise } from "../../../server/packages/price-history";
import { CompanyPriceRise } from "../../features/packages/price-history";
import { ScorecardSection } from "../../features/scorecard/scorecard-view";
import { providerScorecard } from "../../../server/scorecard";
import { renderedOnce } from "../../../server/http/pages/rendered-once";
import { answerReview } from "../../../server/reviews/answer-review";
import { listReviews } from "../../../server/reviews/list-reviews";
import { submitReview } from "../../../server/reviews/submit-review";
import { AppError, formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { answerFormInput, reviewFormInput } from "../../../server/reviews/review-form-input";
import { getT } from "../../../server/i18n";
import { type FormResult } from "../../components/forms";
import { ProfileView } from "../../features/companies/profile-view";
import { LeadForm } from "../../features/packages/lead-forms";
import { ReviewsSection } from "../../features/reviews/reviews-section";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { passHeaders } from "../../lib/headers";
import { RenderedOnce } from "../../lib/rendered-once";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) => {
  const keywords = (args.data as { keywords?: string | null } | undefined)?.keywords;
  return keywords ? [...pageMeta(args), { name: "keywords", content: keywords }] : pageMeta(args);
};
export const headers: Route.HeadersFunction = passHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const t = getT(context.locale);
  const base = await profileData(args, "");
  const { company } = base;
  const [{ reviews, own, canAnswer }, priceRise, scorecard] = await Promise.all([
    listReviews(context.app, { subject: "company", subjectId: company.id, user: context.user }),
    companyPriceRise(context.app, { companyId: company.id }),
    providerScorecard(context.app, { companyId: company.id }),
  ]);
  if (context.method === "GET") await countProfileView(context.app.db, company.id, context.ipHash);
  return {
    ...base,
    crumbs: base.crumbs.map((c, i) => (i === base.crumbs.length - 1 ? { name: c.name } : c)),
    reviews,
    own,
    priceRise,
    // Figures and links only: the document carries the scorecard as HTML, and its fields go to the
    // browser only for a client-side navigation, which renders it (decision 040).
    scorecard: renderedOnce(context, "scorecard", scorecard),
    signedIn: context.user !== null,
    userName: context.user?.fullName ?? "",
    canAnswer,
    keywords: company.metaKeywords,
    seo: {
      title: company.metaTitle || company.name,
      description: company.metaDescription || t("companies.profile.description", { name: company.name }),
    },
  };
}

/**
 * intent=review: write or edit the user's review; intent=answer: the company's one answer;
 * intent=subscribe and callMe: a subscription or call-me request to the company, without a
 * package.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  let intent: string | undefined;
  try {
    const form = await readVerifiedForm(request, context);
    intent = String(form.get("intent") ?? "");
    const { company } = await profileData({ request, params, context }, "");
    if (intent === "subscribe" || intent === "callMe") return leadFormAction(form, context, { companyId: company.id });
    if (intent === "review") {
      await submitReview(context.app, { actor: context, subject: "company", subjectId: company.id, input: reviewFormInput(form) });
      return data({ success: true as const, intent });
    }
    if (intent === "answer") {
      await answerReview(context.app, { actor: context, subject: "company", reviewId: form.get("reviewId"), input: answerFormInput(form) });
      return data({ success: true as const, intent });
    }
    throw new AppError("E_BAD_REQUEST", "errors.badRequest");
  } catch (err) {
    // Redirects and 404s of the profile lookup are answers, not failures of the form.
    if (err instanceof Response || (typeof err === "object" && err !== null && "init" in err && "data" in err)) throw err;
    const failure = formFailure(err, context);
    return data({ ...failure.data, intent }, failure.init ?? undefined);
  }
}

export default function CompanyProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("auth", "companies", "infrastructure", "packages", "scorecard", "settings");
  const { t } = useTranslation();
  const result = actionData as (FormResult & { intent?: string }) | undefined;
  const { company } = loaderData;
  const leadResult = result?.intent === "subscribe" || result?.intent === "callMe" ? result : undefined;
  return (
    <ProfileView
      data={loaderData}
      reviews={
        <ReviewsSection
          data={loaderData}
          score={company.score}
          count={company.reviewCount}
          noReviews={t("companies.profile.noReviews")}
          reviewResult={result?.intent === "review" ? result : undefined}
          answerResult={result?.intent === "answer" ? result : undefined}
        />
      }
      scorecard={
        <RenderedOnce name="scorecard" value={loaderData.scorecard}>
          {(card) => <ScorecardSection card={card} name={company.name} />}
        </RenderedOnce>
      }
      prices={<CompanyPriceRise rise={loaderData.priceRise} href={`/${company.profileSegment}/${company.slug}/paketler#price-record-title`} />}
      requests={
        <>
          {/* The requests of spec §3 without a package: the company's sales adviser calls back. */}
          <LeadForm intent="subscribe" companyName={company.name} initial={leadResult} stacked />
          <LeadForm intent="callMe" companyName={company.name} initial={leadResult} stacked />
        </>
      }
    />
  );
}
