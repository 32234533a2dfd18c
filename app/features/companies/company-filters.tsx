import { COMPANY_SEARCH_MAX, COMPANY_SEARCH_MIN, COMPANY_SORTS, REVIEW_SCORE_MAX } from "../../../common/companies";
import { PROVINCES } from "../../../common/provinces";
import type { ValidationErrors } from "../../../common/validation/messages";
import { ErrorList, FILTER_CONTROL, FilterApply, FilterForm, FilterSelect } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";

/** The choices of the company list's filters, named in the page's language. */
export interface CompanyListOptions {
  types: { url: string; name: string }[];
  segments: { url: string; name: string }[];
  countries: { code: string; name: string }[];
}

/** The company list's filters (/isletmeler). */
export function CompanyFilters({
  query,
  segment,
  state,
  options,
  errors,
}: {
  query: Record<string, string>;
  /** The sub type and city of the path ("" for none). */
  segment: string;
  state: string;
  options: CompanyListOptions;
  errors: ValidationErrors;
}) {
  const { t } = useTranslation();
  const paths = usePaths();
  const err = (name: string) => errors[name];
  return (
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
          <p id="cf-q-hint" className="mt-1 text-xs muted">
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
          options={PROVINCES.map(([, url, value]) => ({ value: url, label: value }))}
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
  );
}
