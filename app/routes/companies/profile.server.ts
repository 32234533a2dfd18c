import { data, redirect } from "react-router";
import { EN_PREFIX } from "../../../common/routes/registry";
import type { AppContext } from "../../../server/core/app-context";
import { isAppError } from "../../../server/platform/app-error";
import { youtubeVideoId } from "../../../common/companies";
import { findCorporateTypeById } from "../../../common/corporate-types";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { notFoundPage } from "../../../server/http/not-found-page";
import { findCompanyProfile, type CompanyProfile } from "../../../server/companies/get-company-profile";
import { findCategorySegment } from "../../../server/companies/segments";

/**
 * The company of a profile page (`/:subType/:company` and its `/paketler`), for a loader: a
 * trailing slash redirects once to the path without it (spec §2: strict), a sub type that is not
 * the company's redirects to the right one, an unknown sub type or company is a 404 (the latter
 * saying that the company profile was not found).
 */
export async function loadProfileCompany(
  app: Pick<AppContext, "db">,
  opts: { request: Request; locale: "tr" | "en"; params: { subType: string; company: string }; suffix: "" | "/paketler" | "/kesinti" },
): Promise<CompanyProfile> {
  const url = new URL(opts.request.url);
  const prefix = opts.locale === "en" ? EN_PREFIX : "";
  if (url.pathname.endsWith("/")) throw redirect(url.pathname.replace(/\/+$/, "") + url.search, 301);
  try {
    const found = await findCompanyProfile(app, { segment: opts.params.subType, slug: opts.params.company });
    if (found.kind === "redirect") throw redirect(`${prefix}/${found.segment}/${found.slug}${opts.suffix}${url.search}`, 301);
    return found.company;
  } catch (err) {
    if (isAppError(err) && err.code === "E_NOT_FOUND") {
      // A first segment that is no category is an unknown path (the generic page); a category
      // without this company is a profile that was not found (spec §8).
      if (!findCategorySegment(opts.params.subType)) throw data(null, { status: 404 });
      throw notFoundPage({ notFound: "company" });
    }
    throw err;
  }
}

/** Everything the profile and its packages page show about the company, with SEO and JSON-LD. */
export async function profileData(args: { request: Request; params: { subType: string; company: string }; context: RequestContext }, suffix: "" | "/paketler" | "/kesinti") {
  const { request, params, context } = args;
  const locale = context.locale;
  const t = getT(locale);
  const company = await loadProfileCompany(context.app, { request, locale, params, suffix });
  const segment = findCategorySegment(company.profileSegment)!;
  const categoryName = (segment.subType ?? segment.type).name[locale];
  const typeName = findCorporateTypeById(company.typeId)?.name[locale] ?? "";
  const siteUrl = context.app.config.SITE_URL.replace(/\/+$/, "");
  const prefix = locale === "en" ? EN_PREFIX : "";
  const profileUrl = `${siteUrl}${prefix}/${company.profileSegment}/${company.slug}`;
  const crumbs = [
    { name: t("companies.profile.breadcrumbHome"), to: "/", url: `${siteUrl}${prefix || "/"}` },
    { name: t("companies.list.title"), to: "/isletmeler", url: `${siteUrl}${prefix}/isletmeler` },
    { name: categoryName, to: `/isletmeler/${company.profileSegment}`, url: `${siteUrl}${prefix}/isletmeler/${company.profileSegment}` },
    { name: company.name, to: `/${company.profileSegment}/${company.slug}`, url: profileUrl },
  ];
  const organization: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.name,
    url: profileUrl,
    ...(company.corporateTitle ? { legalName: company.corporateTitle } : {}),
    ...(company.webUrl ? { sameAs: [company.webUrl] } : {}),
    ...(company.phone ? { telephone: company.phone } : {}),
    ...(company.email ? { email: company.email } : {}),
    ...(company.address ? { address: company.address } : {}),
    ...(company.logo ? { logo: `${siteUrl}/media/company-logos/${encodeURIComponent(company.logo)}` } : {}),
    ...(company.about ? { description: company.about.slice(0, 500) } : {}),
    ...(company.score !== null
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: company.score, reviewCount: company.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
  return { company, categoryName, typeName, crumbs, organization, profileUrl, videoId: youtubeVideoId(company.youtubeUrl) };
}

