import { data, redirect } from "react-router";
import { EN_PREFIX } from "../../common/routes/registry";
import type { RequestContext } from "../http/request-context";
import { getT } from "../i18n";
import { isAppError } from "../platform/app-error";
import { eq } from "drizzle-orm";
import { formatDate } from "../../common/format";
import { LAST_QUERY_COOKIE, parseLastQuery, readCookie } from "../../common/infrastructure/last-query";
import { dayInTurkey, defaultEndDate, type ReminderDefaults } from "../../common/reminders";
import { users } from "../db/schema";
import { findProvinceByCode, listProvinces } from "../reference/cities";
import { leadFormAction } from "../leads/lead-action";
import { REMINDER_INTENT } from "../../common/forms/reminders";
import { formFailure, readVerifiedForm } from "../http/forms/form-action";
import { reminderFormAction } from "../reminders/reminder-action";
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
  const reminder = detail.terms.commitmentMonths > 0 ? await reminderDefaults(request, context, detail.terms.commitmentMonths) : null;
  return {
    detail,
    reminder,
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

/**
 * The reminder form's defaults: the end of a commitment starting today, the province of the
 * infrastructure query remembered on the device (or the signed-in person's city), and the
 * signed-in person's address.
 */
async function reminderDefaults(request: Request, context: RequestContext, months: number): Promise<ReminderDefaults> {
  const remembered = parseLastQuery(readCookie(request.headers.get("cookie"), LAST_QUERY_COOKIE))?.il ?? null;
  let provinceCode = remembered;
  if (provinceCode === null && context.user) {
    const [row] = await context.app.db.select({ cityCode: users.cityCode }).from(users).where(eq(users.id, context.user.id));
    provinceCode = row?.cityCode ?? null;
  }
  return {
    endsOn: formatDate(defaultEndDate(dayInTurkey(new Date()), months)),
    provinceCode,
    provinces: listProvinces().map(({ code, value }) => ({ code, value })),
    accountEmail: context.user?.email ?? null,
  };
}

/**
 * The package page's action: the subscribe and call-me forms for a package on sale, and the
 * commitment reminder (intents).
 */
export async function packageDetailAction({ request, params, context }: { request: Request; params: { subType: string; company: string; packageUrl: string }; context: RequestContext }) {
  let found;
  try {
    found = await getPublicPackage(context.app, { segment: params.subType, companySlug: params.company, packageSlug: params.packageUrl });
  } catch (err) {
    if (isAppError(err) && err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
    throw err;
  }
  if (found.kind === "redirect") throw data(null, { status: 404 });
  let form: FormData;
  try {
    form = await readVerifiedForm(request, context);
  } catch (err) {
    return formFailure(err, context);
  }
  if (form.get("intent") === REMINDER_INTENT) return reminderFormAction(form, context, { packageId: found.detail.card.id });
  return leadFormAction(form, context, { packageId: found.detail.card.id });
}
