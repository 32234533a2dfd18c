import { data, redirect } from "react-router";
import { COMPANY_COUNTRIES, countryName, LIST_QUERY_KEYS } from "../../../common/companies";
import { corporateTypes } from "../../../common/corporate-types";
import { EN_PREFIX } from "../../../common/routes/registry";
import type { ValidationErrors } from "../../../common/validation/messages";
import { listCompanies, type CompanyListResult } from "../../../server/companies/list-companies";
import { resolveListPage } from "../../../server/companies/list-page";
import { categorySegments } from "../../../server/companies/segments";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import type { CompanyListOptions } from "../../features/companies/company-filters";

const EMPTY: CompanyListResult = { items: [], total: 0, page: 1, pageCount: 1, pageSize: 0 };

/** /isletmeler, /isletmeler/sehir/:state, /isletmeler/:subType, /isletmeler/:subType/:state. */
export async function companyListPage({ request, params, context }: { request: Request; params: { subType?: string; state?: string }; context: RequestContext }) {
  const url = new URL(request.url);
  const locale = context.locale;
  const t = getT(locale);
  const prefix = locale === "en" ? EN_PREFIX : "";
  const resolved = resolveListPage({
    pathname: url.pathname,
    search: url.searchParams,
    params: { subType: "subType" in params ? params.subType : undefined, state: "state" in params ? params.state : undefined },
    prefix,
  });
  if (resolved.kind === "notFound") throw data(null, { status: 404 });
  if (resolved.kind === "redirect") throw redirect(resolved.location, 301);

  const segment = resolved.segment;
  const province = resolved.province;
  const segName = segment ? (segment.subType ?? segment.type).name[locale] : undefined;
  const city = province?.name;
  const title = segName && city
    ? t("companies.list.titleSubTypeCity", { subType: segName, city })
    : segName
      ? t("companies.list.titleSubType", { subType: segName })
      : city
        ? t("companies.list.titleCity", { city })
        : t("companies.list.title");
  const description = segName && city
    ? t("companies.list.descriptionSubTypeCity", { subType: segName, city })
    : segName
      ? t("companies.list.descriptionSubType", { subType: segName })
      : city
        ? t("companies.list.descriptionCity", { city })
        : t("companies.list.description");

  const options: CompanyListOptions = {
    types: corporateTypes.filter((ty) => ty.key !== "show_all").map((ty) => ({ url: ty.url, name: ty.name[locale] })),
    segments: categorySegments().map((s) => ({ url: s.url, name: (s.subType ?? s.type).name[locale] })),
    countries: COMPANY_COUNTRIES.map((c) => ({ code: c, name: countryName(c, locale) })),
  };
  const typeNames = Object.fromEntries(categorySegments().map((s) => [s.url, (s.subType ?? s.type).name[locale]]));
  const base = {
    title,
    segment: segment?.url ?? "",
    state: province?.url ?? "",
    options,
    typeNames,
  };

  if (resolved.kind === "invalid") {
    return data(
      {
        ...base,
        errors: resolved.errors as ValidationErrors,
        query: resolved.query,
        result: EMPTY,
        seo: { title, description, index: false },
      },
      { status: 400 },
    );
  }
  const result = await listCompanies(context.app, resolved.filters);
  const query: Record<string, string> = {};
  for (const key of LIST_QUERY_KEYS) {
    const v = url.searchParams.get(key);
    if (v) query[key] = v;
  }
  return {
    ...base,
    errors: {} as ValidationErrors,
    query,
    result,
    // Lists narrowed by query parameters are not indexed: their path-only list is the canonical one.
    seo: { title: result.page > 1 ? `${title} (${result.page})` : title, description, index: Object.keys(query).length === 0 },
  };
}
