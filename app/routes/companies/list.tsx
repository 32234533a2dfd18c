import { EN_PREFIX } from "../../../common/routes/registry";
import { LIST_QUERY_KEYS, listPath, SCORECARD_SORTS } from "../../../common/companies";
import { PageLink } from "../../components/ui/page-link";
import { CompanyCardView, DemoNotice } from "../../features/companies/company-card";
import { CompanyFilters } from "../../features/companies/company-filters";
import { ItemListJsonLd } from "../../components/ui/json-ld";
import { Pagination } from "../../components/ui/pagination";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { companyListPage } from "./list.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** /isletmeler, /isletmeler/sehir/:state, /isletmeler/:subType, /isletmeler/:subType/:state. */
export function loader(args: Route.LoaderArgs) {
  return companyListPage(args);
}

export default function CompanyListRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("auth", "companies");
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const { title, segment, state, options, typeNames, errors, query, result } = loaderData;
  const basePath = listPath(segment || undefined, state || undefined);
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    for (const key of LIST_QUERY_KEYS) if (query[key] && key !== "page") params.set(key, query[key]);
    if (page > 1) params.set("page", String(page));
    const s = params.toString();
    return s ? `${basePath}?${s}` : basePath;
  };
  const hasDemo = result.items.some((c) => c.isDemo);
  const scorecardSort = SCORECARD_SORTS.find((s) => s === query.sort);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {Object.keys(errors).length === 0 ? (
        <ItemListJsonLd
          name={title}
          total={result.total}
          firstPosition={(result.page - 1) * result.pageSize + 1}
          items={result.items.map((c) => ({ path: `${locale === "en" ? EN_PREFIX : ""}/${c.profileSegment}/${c.slug}`, name: c.name }))}
        />
      ) : null}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm">
        <PageLink to={paths.companyRanking()}>{t("companies.list.howRanked")}</PageLink>
        {scorecardSort ? (
          <>
            {" · "}
            <PageLink to={paths.scorecardMethod()}>{t("companies.list.scorecardSort")}</PageLink>
          </>
        ) : null}
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
        <CompanyFilters query={query} segment={segment} state={state} options={options} errors={errors} />
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
                  <CompanyCardView company={c} typeName={typeNames[c.profileSegment] ?? ""} sort={scorecardSort} />
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
