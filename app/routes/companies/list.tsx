import { data, redirect } from "react-router";
import { COMPANY_COUNTRIES, countryName, COMPANY_SEARCH_MAX, COMPANY_SEARCH_MIN, COMPANY_SORTS, LIST_QUERY_KEYS, listPath, REVIEW_SCORE_MAX } from "../../../common/companies";
import { corporateTypes } from "../../../common/corporate-types";
import { EN_PREFIX } from "../../../common/routes/registry";
import type { ValidationErrors } from "../../../common/validation/messages";
import { listCompanies, type CompanyListResult } from "../../../server/companies/list-companies";
import { resolveListPage } from "../../../server/companies/list-page";
import { categorySegments } from "../../../server/companies/segments";
import { getT } from "../../../server/i18n";
import { listProvinces } from "../../../server/reference/cities";
import { ErrorList, FILTER_CONTROL, FilterApply, FilterForm, FilterSelect } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { CompanyCardView, DemoNotice } from "../../features/companies/company-card";
import { JsonLd } from "../../components/ui/json-ld";
import { itemListJsonLd } from "../../../common/json-ld";
import { Pagination } from "../../components/ui/pagination";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

const EMPTY: CompanyListResult = { items: [], total: 0, page: 1, pageCount: 1, pageSize: 0 };

/** /isletmeler, /isletmeler/sehir/:state, /isletmeler/:subType, /isletmeler/:subType/:state. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
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

  const options = {
    types: corporateTypes.filter((ty) => ty.key !== "show_all").map((ty) => ({ url: ty.url, name: ty.name[locale] })),
    segments: categorySegments().map((s) => ({ url: s.url, name: (s.subType ?? s.type).name[locale] })),
    provinces: listProvinces().map((p) => ({ url: p.url, value: p.value })),
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
        jsonLd: null,
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
  const siteUrl = context.app.config.SITE_URL.replace(/\/+$/, "");
  const jsonLd = itemListJsonLd({
    name: title,
    total: result.total,
    firstPosition: (result.page - 1) * result.pageSize + 1,
    items: result.items.map((c) => ({ url: `${siteUrl}${prefix}/${c.profileSegment}/${c.slug}`, name: c.name })),
  });
  return {
    ...base,
    errors: {} as ValidationErrors,
    query,
    result,
    // Lists narrowed by query parameters are not indexed: their path-only list is the canonical one.
    seo: { title: result.page > 1 ? `${title} (${result.page})` : title, description, index: Object.keys(query).length === 0 },
    jsonLd,
  };
}


export default function CompanyListRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { title, segment, state, options, typeNames, errors, query, result, jsonLd } = loaderData;
  const basePath = listPath(segment || undefined, state || undefined);
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    for (const key of LIST_QUERY_KEYS) if (query[key] && key !== "page") params.set(key, query[key]);
    if (page > 1) params.set("page", String(page));
    const s = params.toString();
    return s ? `${basePath}?${s}` : basePath;
  };
  const hasDemo = result.items.some((c) => c.isDemo);
  const err = (name: string) => errors[name];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm">
        <PageLink to={paths.companyRanking()}>{t("companies.list.howRanked")}</PageLink>
      </p>
      <nav aria-label={t("companies.list.categories")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {options.segments.map((s) => (
            <li key={s.url}>
              <PageLink
                to={listPath(s.url, state || undefined)}
                aria-current={s.url === segment ? "page" : undefined}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 no-underline hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {s.name}
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <section aria-labelledby="company-filters-title">
          <h2 id="company-filters-title" className="text-xl font-semibold">
            {t("companies.list.filters")}
          </h2>
          {/* A GET form: works without JavaScript; the page redirects sub type and city into the path. */}
          <FilterForm action={paths.searchCorporates()} className="mt-3 space-y-4" data-testid="company-filters">
            <div>
              <label htmlFor="cf-q" className="font-medium">
                {t("companies.list.search")}
              </label>
              <input
                id="cf-q"
                name="q"
                type="search"
                defaultValue={query.q ?? ""}
                maxLength={COMPANY_SEARCH_MAX}
                aria-describedby="cf-q-hint"
                aria-invalid={err("q") ? true : undefined}
                className={FILTER_CONTROL}
              />
              <p id="cf-q-hint" className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                {t("companies.list.searchHint", { min: COMPANY_SEARCH_MIN, max: COMPANY_SEARCH_MAX })}
              </p>
              <ErrorList id="cf-q-error" errors={err("q")} />
            </div>
            <FilterSelect
              id="cf-type"
              name="type"
              label={t("companies.list.type")}
              value={query.type ?? ""}
              any={t("companies.list.anyScore")}
              options={options.types.map((o) => ({ value: String(o.url), label: o.name }))}
              errors={err("type")}
            />
            <FilterSelect
              id="cf-subtype"
              name="subType"
              label={t("companies.list.subType")}
              value={segment}
              any={t("companies.list.anyScore")}
              options={options.segments.map((o) => ({ value: String(o.url), label: o.name }))}
              errors={err("subType")}
            />
            <FilterSelect
              id="cf-state"
              name="state"
              label={t("companies.list.state")}
              value={state}
              any={t("companies.list.anyState")}
              options={options.provinces.map((p) => ({ value: String(p.url), label: p.value }))}
              errors={err("state")}
            />
            <FilterSelect
              id="cf-score"
              name="score"
              label={t("companies.list.score")}
              value={query.score ?? ""}
              any={t("companies.list.anyScore")}
              options={Array.from({ length: REVIEW_SCORE_MAX }, (_, i) => REVIEW_SCORE_MAX - i).map((s) => ({ value: String(s), label: t("companies.list.scoreOption", { score: s }) }))}
              errors={err("score")}
            />
            <FilterSelect
              id="cf-country"
              name="country"
              label={t("companies.list.country")}
              value={query.country ?? ""}
              any={t("companies.list.anyCountry")}
              options={options.countries.map((c) => ({ value: String(c.code), label: c.name }))}
              errors={err("country")}
            />
            <FilterSelect
              id="cf-sort"
              name="sort"
              label={t("companies.list.sort")}
              value={query.sort ?? "relevance"}
              options={COMPANY_SORTS.map((s) => ({ value: String(s), label: t(`companies.list.sorts.${s}`) }))}
              errors={err("sort")}
            />
            {query.sort === "random" && query.seed ? <input type="hidden" name="seed" value={query.seed} /> : null}
            <ErrorList id="cf-other-error" errors={err("seed") ?? err("page")} />
            <div className="flex flex-wrap gap-3">
              <FilterApply>{t("companies.list.apply")}</FilterApply>
              <PageLink to={paths.searchCorporates()} className="btn-ghost border border-slate-300 dark:border-slate-600">
                {t("companies.list.reset")}
              </PageLink>
            </div>
          </FilterForm>
        </section>
        <section aria-labelledby="company-results-title">
          <h2 id="company-results-title" className="text-xl font-semibold">
            {t("companies.list.results")} <span className="text-base font-normal">({t("companies.list.count", { count: result.total })})</span>
          </h2>
          {hasDemo ? (
            <div className="mt-3">
              <DemoNotice />
            </div>
          ) : null}
          {result.items.length === 0 ? (
            <p className="mt-4" data-testid="company-list-empty">
              {t("companies.list.empty")}
            </p>
          ) : (
            <ol className="mt-4 space-y-3" data-testid="company-list">
              {result.items.map((c) => (
                <li key={c.id}>
                  <CompanyCardView company={c} typeName={typeNames[c.profileSegment] ?? ""} />
                </li>
              ))}
            </ol>
          )}
          <Pagination page={result.page} pageCount={result.pageCount} href={pageHref} />
        </section>
      </div>
    </div>
  );
}
