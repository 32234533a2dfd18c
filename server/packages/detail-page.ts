import { data, redirect } from "react-router";
import { EN_PREFIX } from "../../common/routes/registry";
import type { RequestContext } from "../http/request-context";
import { getT } from "../i18n";
import { isAppError } from "../platform/app-error";
import { findProvinceByCode } from "../reference/cities";
import { leadFormAction } from "../leads/lead-action";
import { getPublicPackage } from "./get-package";

/**
 * The package page's loader: a trailing slash redirects once to the path without it (spec §2:
 * strict), a category that is not the company's redirects to the right one, anything unknown is
 * a 404. Returns the detail with breadcrumbs and Product/Offer and BreadcrumbList JSON-LD.
 */
export async function packageDetailPage({ request, params, context }: { request: Request; params: { subType: string; company: string; packageUrl: string }; context: RequestContext }) {
  const url = new URL(request.url);
  const locale = context.locale;
  const t = getT(locale);
  const prefix = locale === "en" ? EN_PREFIX : "";
  if (url.pathname.endsWith("/")) throw redirect(url.pathname.replace(/\/+$/, "") + url.search, 301);
  let found;
  try {
    found = await getPublicPackage(context.app, { segment: params.subType, companySlug: params.company, packageSlug: params.packageUrl });
  } catch (err) {
    if (isAppError(err) && err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
    throw err;
  }
  if (found.kind === "redirect") throw redirect(`${prefix}${found.path}${url.search}`, 301);
  const { detail } = found;
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
  };
  const breadcrumbList = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
  };
  const provinceNames = detail.provinces.map((code) => findProvinceByCode(code)?.value ?? String(code));
  const price = `${lira(detail.cost.monthlyPriceKurus)} ₺`;
  return {
    detail,
    provinceNames,
    crumbs,
    usdPerTry,
    jsonLd: [product, breadcrumbList],
    seo: {
      title: `${t("packages.detail.seoTitle", { title: detail.card.title, company: detail.company.name })} | GenişBant`,
      description: t("packages.detail.seoDescription", {
        company: detail.company.name,
        title: detail.card.title,
        price,
        total: `${lira(detail.cost.totalCostKurus)} ₺`,
        months: detail.cost.horizonMonths,
      }),
    },
  };
}

/** The package page's action: the subscribe and call-me forms (intents), for a package on sale. */
export async function packageDetailAction({ request, params, context }: { request: Request; params: { subType: string; company: string; packageUrl: string }; context: RequestContext }) {
  let found;
  try {
    found = await getPublicPackage(context.app, { segment: params.subType, companySlug: params.company, packageSlug: params.packageUrl });
  } catch (err) {
    if (isAppError(err) && err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
    throw err;
  }
  if (found.kind === "redirect") throw data(null, { status: 404 });
  return leadFormAction(request, context, { packageId: found.detail.card.id });
}
