import { breadcrumbListJsonLd } from "../../../common/json-ld";
import { data, redirect } from "react-router";
import { EN_PREFIX } from "../../../common/routes/registry";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { eq } from "drizzle-orm";
import { formatDate, formatPriceParts } from "../../../common/format";
import { readLastQuery } from "../../../common/infrastructure/last-query";
import { dayInTurkey, defaultEndDate, type ReminderDefaults } from "../../../common/reminders";
import { users } from "../../../server/accounts/schema";
import { findProvinceByCode } from "../../../server/reference/cities";
import { leadFormAction } from "../../../server/http/pages/lead-action";
import { leadFlatFromLink } from "../../../server/leads/lead-flat";
import { answerReview } from "../../../server/reviews/answer-review";
import { listReviews } from "../../../server/reviews/list-reviews";
import { answerFormInput, reviewFormInput } from "../../../server/reviews/review-form-input";
import { submitReview } from "../../../server/reviews/submit-review";
import { REMINDER_INTENT } from "../../../common/forms/reminders";
import { reminderFormAction } from "../../../server/http/pages/reminder-action";
import { notFoundPage } from "../../../server/http/not-found-page";
import { explainMissingPackage, getPublicPackage } from "../../../server/packages/get-package";
import { readPriceHistory } from "../../../server/packages/price-history";

interface PackageParams {
  subType: string;
  company: string;
  packageUrl: string;
}

/**
 * The 404 of a package path that names nothing: the company profile, the profile's package or
 * the package that was not found (spec §8); the generic page for a path that is no package's.
 */
async function missingPackagePage(context: RequestContext, params: PackageParams) {
  const missing = await explainMissingPackage(context.app, { segment: params.subType, companySlug: params.company, packageSlug: params.packageUrl });
  if (!missing) return data(null, { status: 404 });
  if (missing.subject === "company") return notFoundPage({ notFound: "company" });
  return notFoundPage({ notFound: missing.subject, company: { name: missing.company.name, packagesPath: `/${missing.company.segment}/${missing.company.slug}/paketler` } });
}

/** The package of the path; a path that names none is its 404 page. */
async function findPackage(context: RequestContext, params: PackageParams) {
  try {
    return await getPublicPackage(context.app, { segment: params.subType, companySlug: params.company, packageSlug: params.packageUrl });
  } catch (err) {
    if (isAppError(err) && err.code === "E_NOT_FOUND") throw await missingPackagePage(context, params);
    throw err;
  }
}

/**
 * The package page's loader: a trailing slash redirects once to the path without it (spec §2:
 * strict), a category that is not the company's redirects to the right one, anything unknown is
 * a 404. Returns the detail with breadcrumbs, its confirmed reviews (and the user's own), and
 * Product/Offer (with the reviews' rating) and BreadcrumbList JSON-LD.
 */
export async function packageDetailPage({ request, params, context }: { request: Request; params: PackageParams; context: RequestContext }) {
  const url = new URL(request.url);
  const locale = context.locale;
  const t = getT(locale);
  const prefix = locale === "en" ? EN_PREFIX : "";
  if (url.pathname.endsWith("/")) throw redirect(url.pathname.replace(/\/+$/, "") + url.search, 301);
  const found = await findPackage(context, params);
  if (found.kind === "redirect") throw redirect(`${prefix}${found.path}${url.search}`, 301);
  const { detail } = found;
  const [reviewList, priceHistory] = await Promise.all([
    listReviews(context.app, { subject: "package", subjectId: detail.card.id, user: context.user }),
    readPriceHistory(context.app.db, detail.card.id),
  ]);
  const siteUrl = context.app.config.SITE_URL.replace(/\/+$/, "");
  const usdPerTry = context.app.config.USD_PER_TRY;
  const profilePath = `/${detail.company.segment}/${detail.company.slug}`;
  const pageUrl = `${siteUrl}${prefix}${detail.card.path}`;
  const crumbs = [
    { name: t("packages.detail.home"), to: "/", url: `${siteUrl}${prefix || "/"}` },
    { name: t("packages.detail.packages"), to: "/paketler", url: `${siteUrl}${prefix}/paketler` },
    { name: detail.company.name, to: profilePath, url: `${siteUrl}${prefix}${profilePath}` },
    { name: detail.card.title, to: detail.card.path, url: pageUrl },
  ];
  const lira = (kurus: number) => (kurus / 100).toFixed(2);
  // The rating of confirmed reviews only, and the reviews the page shows.
  const rating =
    detail.score !== null
      ? {
          aggregateRating: { "@type": "AggregateRating", ratingValue: detail.score, reviewCount: detail.reviewCount, bestRating: 5, worstRating: 1 },
          review: reviewList.reviews.map((r) => ({
            "@type": "Review",
            name: r.title,
            reviewBody: r.body,
            datePublished: r.createdAt.slice(0, 10),
            author: { "@type": "Person", name: r.fullName || t("companies.review.formerMember") },
            reviewRating: { "@type": "Rating", ratingValue: r.score, bestRating: 5, worstRating: 1 },
          })),
        }
      : {};
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: detail.card.title,
    url: pageUrl,
    ...(detail.terms.description ? { description: detail.terms.description.slice(0, 500) } : {}),
    ...(detail.card.imageUrl ? { image: `${siteUrl}${detail.card.imageUrl}` } : {}),
    brand: { "@type": "Brand", name: detail.company.name },
    category: t(`packages.kinds.${detail.card.serviceKind}`),
    offers: {
      "@type": "Offer",
      url: pageUrl,
      price: lira(detail.cost.monthlyPriceKurus),
      priceCurrency: "TRY",
      availability: detail.requestable ? "https://schema.org/InStock" : "https://schema.org/Discontinued",
      seller: { "@type": "Organization", name: detail.company.name },
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: lira(detail.cost.monthlyPriceKurus),
        priceCurrency: "TRY",
        unitCode: "MON",
        validFrom: detail.terms.priceConfirmedOn,
      },
    },
    ...rating,
  };
  const breadcrumbList = breadcrumbListJsonLd(crumbs);
  const provinceNames = detail.provinces.map((code) => findProvinceByCode(code)?.value ?? String(code));
  // The description in the page's currency and number format, as the page shows prices.
  const shown = (kurus: number) => {
    const parts = formatPriceParts(kurus / 100, locale, context.app.config.USD_PER_TRY);
    return parts.secondary ? `${parts.primary} (${parts.secondary})` : parts.primary;
  };
  const price = shown(detail.cost.monthlyPriceKurus);
  const reminder = detail.terms.commitmentMonths > 0 ? await reminderDefaults(request, context, detail.terms.commitmentMonths) : null;
  // The flat the answer page's link carries (?flat=<BBK>): its address is read here, from the
  // infrastructure source, and shown on the request forms, which post only its code.
  const leadFlat = detail.requestable ? await leadFlatFromLink(context.app, url.searchParams.get("flat")) : null;
  const page = {
    detail,
    reminder,
    provinceNames,
    crumbs,
    usdPerTry,
    jsonLd: [product, breadcrumbList],
    priceHistory,
    asOf: new Date().toISOString(),
    reviews: reviewList.reviews,
    own: reviewList.own,
    canAnswer: reviewList.canAnswer,
    signedIn: context.user !== null,
    userName: context.user?.fullName ?? "",
    seo: {
      title: t("packages.detail.seoTitle", { title: detail.card.title, company: detail.company.name }),
      description: t("packages.detail.seoDescription", {
        company: detail.company.name,
        title: detail.card.title,
        price,
        total: shown(detail.cost.totalCostKurus),
        count: detail.cost.horizonMonths,
      }),
    },
    leadFlat,
    /** The page without the flat (the forms' "remove the address" link). */
    pathWithoutFlat: leadFlat ? withoutFlat(url) : null,
  };
  // A page that shows someone's address is not kept by any cache.
  return leadFlat ? data(page, { headers: { "Cache-Control": "private, no-store" } }) : page;
}

/** The page's own path and query without `flat`, back at the request form. */
function withoutFlat(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("flat");
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ""}#lead-subscribe-title`;
}

/**
 * The reminder form's defaults: the end of a commitment starting today, the province of the
 * infrastructure query remembered on the device (or the signed-in person's city), and the
 * signed-in person's address.
 */
async function reminderDefaults(request: Request, context: RequestContext, months: number): Promise<ReminderDefaults> {
  const remembered = readLastQuery(request.headers.get("cookie"))?.il ?? null;
  let provinceCode = remembered;
  if (provinceCode === null && context.user) {
    const [row] = await context.app.db.select({ cityCode: users.cityCode }).from(users).where(eq(users.id, context.user.id));
    provinceCode = row?.cityCode ?? null;
  }
  return {
    endsOn: formatDate(defaultEndDate(dayInTurkey(new Date()), months)),
    provinceCode,
    accountEmail: context.user?.email ?? null,
  };
}

/**
 * The package page's action, dispatched on `intent`: the subscribe and call-me requests (a
 * package on sale), the signed-in user's review (a package on sale), the company's one answer
 * to a confirmed review, and the commitment reminder.
 */
export async function packageDetailAction({ request, params, context }: { request: Request; params: PackageParams; context: RequestContext }) {
  const found = await findPackage(context, params);
  if (found.kind === "redirect") throw data(null, { status: 404 });
  const packageId = found.detail.card.id;
  let intent: string | undefined;
  try {
    const form = await readVerifiedForm(request, context);
    intent = String(form.get("intent") ?? "");
    if (intent === REMINDER_INTENT) return reminderFormAction(form, context, { packageId });
    if (intent !== "review" && intent !== "answer") return leadFormAction(form, context, { packageId });
    if (intent === "review") await submitReview(context.app, { actor: context, subject: "package", subjectId: packageId, input: reviewFormInput(form) });
    else await answerReview(context.app, { actor: context, subject: "package", reviewId: form.get("reviewId"), input: answerFormInput(form) });
    return data({ success: true as const, intent });
  } catch (err) {
    const failure = formFailure(err, context);
    return data({ ...failure.data, intent }, failure.init ?? undefined);
  }
}
