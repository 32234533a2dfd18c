import type { PackageSearch } from "../../../common/forms/package-search";
import { ALL_KINDS, COMMITMENT_FILTERS, PACKAGE_SORTS, SPEED_STEPS } from "../../../common/forms/package-search-query";
import type { FacetCounts } from "../../../common/package-types";
import { MODEM_OFFERS, SERVICE_KINDS, TECHNOLOGIES } from "../../../common/packages";
import { PROVINCES } from "../../../common/provinces";
import type { ValidationErrors } from "../../../common/validation/messages";
import { ErrorList, FILTER_CONTROL, FilterApply, FilterForm, FilterSelect } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";

/** The filters of /paketler (spec §3) in one GET form, each value with the count it would give. */
export function PackageFilters({
  search,
  facets: f,
  errors,
  flatChoice,
}: {
  search: PackageSearch;
  facets: FacetCounts;
  errors: ValidationErrors;
  /** The flat offered as "only what reaches my flat", or null. */
  flatChoice: { bbk: number; address: string } | null;
}) {
  const { t } = useTranslation();
  const paths = usePaths();
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : t("packages.search.optionCount", { label, count: n }));
  const err = (name: string) => errors[name];
  const base = paths.searchPackages();
  return (
    <section aria-labelledby="package-filters-title">
      <h2 id="package-filters-title" className="text-xl font-semibold">
        {t("packages.search.filters")}
      </h2>
      <FilterForm action={base} className="mt-3 space-y-4" data-testid="package-filters">
        <FilterSelect
          id="pf-kind"
          name="kind"
          label={t("packages.search.kind")}
          value={search.kind ?? ALL_KINDS}
          // No kind in the URL is home internet; "all kinds" is said (kind=all).
          options={[{ value: ALL_KINDS, label: t("packages.search.allKinds") }, ...SERVICE_KINDS.map((k) => ({ value: String(k), label: withCount(t(`packages.kinds.${k}`), f.kind[k]) }))]}
          errors={err("kind")}
        />
        <fieldset>
          <legend className="font-medium">{t("packages.search.tech")}</legend>
          <div className="mt-1 grid grid-cols-2 gap-1">
            {TECHNOLOGIES.map((k) => (
              <label key={k} className="check">
                <input type="checkbox" name="tech" value={k} defaultChecked={search.tech.includes(k)} />
                {withCount(t(`packages.technologies.${k}`), f.tech[k])}
              </label>
            ))}
          </div>
          <ErrorList id="pf-tech-error" errors={err("tech")} />
        </fieldset>
        <FilterSelect
          id="pf-speed"
          name="speed"
          label={t("packages.search.speed")}
          value={search.speed !== undefined ? String(search.speed) : ""}
          any={t("packages.search.any")}
          options={SPEED_STEPS.map((s) => ({ value: String(s), label: withCount(t("packages.search.speedOption", { speed: s }), f.speed[String(s)]) }))}
          errors={err("speed")}
        />
        <div>
          <label htmlFor="pf-max" className="font-medium">
            {t("packages.search.maxPrice")}
          </label>
          <input
            id="pf-max"
            name="maxPrice"
            inputMode="decimal"
            defaultValue={search.maxPrice !== undefined ? String(search.maxPrice) : ""}
            maxLength={10}
            aria-describedby="pf-max-hint"
            className={FILTER_CONTROL}
          />
          <p id="pf-max-hint" className="mt-1 text-xs">
            {t("packages.search.maxPriceHint")}
          </p>
          <ErrorList id="pf-max-error" errors={err("maxPrice")} />
        </div>
        <FilterSelect
          id="pf-commitment"
          name="commitment"
          label={t("packages.search.commitment")}
          value={search.commitment ?? ""}
          any={t("packages.search.any")}
          options={COMMITMENT_FILTERS.map((c) => ({ value: String(c), label: withCount(c === "none" ? t("packages.search.commitmentNone") : t("packages.search.commitmentMonths", { count: Number(c) }), f.commitment[c]) }))}
          errors={err("commitment")}
        />
        <FilterSelect
          id="pf-company"
          name="company"
          label={t("packages.search.company")}
          value={search.company ?? ""}
          any={t("packages.search.any")}
          options={f.company.map((c) => ({ value: String(c.slug), label: withCount(c.name, c.count) }))}
          errors={err("company")}
        />
        <FilterSelect
          id="pf-modem"
          name="modem"
          label={t("packages.search.modem")}
          value={search.modem ?? ""}
          any={t("packages.search.any")}
          options={MODEM_OFFERS.map((m) => ({ value: String(m), label: withCount(t(`packages.modem.${m}`), f.modem[m]) }))}
          errors={err("modem")}
        />
        <div className="space-y-2">
          <label className="check flex">
            <input type="checkbox" name="tv" value="1" defaultChecked={search.tv === "1"} />
            {withCount(t("packages.search.tv"), f.tv)}
          </label>
          <ErrorList id="pf-tv-error" errors={err("tv")} />
          <label className="check flex">
            <input type="checkbox" name="activation" value="free" defaultChecked={search.activation === "free"} />
            {withCount(t("packages.search.activation"), f.activation)}
          </label>
          <ErrorList id="pf-activation-error" errors={err("activation")} />
        </div>
        <FilterSelect
          id="pf-city"
          name="city"
          label={t("packages.search.city")}
          value={search.city ?? ""}
          any={t("packages.search.any")}
          options={PROVINCES.map(([, url, value]) => ({ value: url, label: value }))}
          errors={err("city")}
        />
        {flatChoice ? (
          <div>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="flat"
                value={flatChoice.bbk}
                defaultChecked={search.flat === flatChoice.bbk}
                aria-describedby={err("flat") ? "pf-flat-error" : undefined}
                className="mt-0.5 h-5 w-5 shrink-0"
                data-testid="flat-filter"
              />
              <span className="min-w-0 break-words">{t("packages.search.flatOnly", { address: flatChoice.address })}</span>
            </label>
            <ErrorList id="pf-flat-error" errors={err("flat")} />
          </div>
        ) : err("flat") ? (
          <ErrorList id="pf-flat-error" errors={err("flat")} />
        ) : null}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="archive" value="1" defaultChecked={search.archive === "1"} className="mt-0.5 h-5 w-5 shrink-0" />
          {t("packages.search.archive")}
        </label>
        <FilterSelect
          id="pf-sort"
          name="sort"
          label={t("packages.search.sort")}
          value={search.sort}
          options={PACKAGE_SORTS.map((s) => ({ value: String(s), label: t(`packages.search.sorts.${s}`) }))}
          errors={err("sort") ?? err("page") ?? err("archive")}
        />
        <div className="flex flex-wrap gap-3">
          <FilterApply>{t("packages.search.apply")}</FilterApply>
          <PageLink to={base} className="btn-ghost border border-slate-300 dark:border-slate-600">
            {t("packages.search.reset")}
          </PageLink>
        </div>
      </FilterForm>
    </section>
  );
}
