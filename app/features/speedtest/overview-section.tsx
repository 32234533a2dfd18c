import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { StatsTable, type StatsRowView } from "./stats-table";

/** The speed-test statistics of the last days (server/speedtest/overview.ts). */
export interface OverviewView {
  days: number;
  minCount: number;
  providers: readonly StatsRowView[];
  cities: readonly StatsRowView[];
}

/**
 * Measured medians per provider and per province, each with its count of tests; where no group
 * has enough tests, the spec's "no provider found" sentence instead of a table. On the home page
 * (`home`: a lead sentence and a link to the speed test) and on the speed test page.
 */
export function OverviewSection({ overview, home = false }: { overview: OverviewView; home?: boolean }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const params = { days: overview.days, min: overview.minCount };
  const { providers, cities } = overview;
  const titleId = home ? "home-speeds-title" : "speedtest-stats-title";
  const prefix = home ? "home-speeds" : "speedtest-stats";
  return (
    <section aria-labelledby={titleId} className={home ? "mx-auto max-w-6xl px-4 pt-8" : "mt-12"} data-testid={prefix}>
      <h2 id={titleId} className="text-2xl font-bold">
        {home ? t("speedtest.home.title") : t("speedtest.stats.title")}
      </h2>
      {home ? <p className="mt-2 max-w-3xl muted">{t("speedtest.home.lead", params)}</p> : null}
      {[...providers, ...cities].some((r) => r.isDemo) ? (
        <p className="mt-3 rounded border border-slate-400 p-2 text-sm">{t("speedtest.stats.demoNotice")}</p>
      ) : null}
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        {/* min-w-0: a grid item may shrink below its table's width (the table scrolls, not the page). */}
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{t("speedtest.stats.byProvider")}</h3>
          {providers.length ? (
            <StatsTable rows={providers} nameHeader={t("speedtest.stats.provider")} label={t("speedtest.stats.byProvider")} testId={`${prefix}-providers`} />
          ) : (
            <p className="mt-2" data-testid={`${prefix}-no-provider`}>
              {t("speedtest.stats.noProvider", params)}
            </p>
          )}
        </div>
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{t("speedtest.stats.byCity")}</h3>
          {cities.length ? (
            <StatsTable rows={cities} nameHeader={t("speedtest.stats.city")} label={t("speedtest.stats.byCity")} testId={`${prefix}-cities`} />
          ) : (
            <p className="mt-2" data-testid={`${prefix}-no-city`}>
              {t("speedtest.stats.noCity", params)}
            </p>
          )}
        </div>
      </div>
      <p className="mt-3 text-sm muted">{t("speedtest.stats.window", params)}</p>
      {home ? (
        <p className="mt-4">
          <PageLink to={paths.speedTest()} className="btn-primary inline-block" data-testid="home-speeds-cta">
            {t("speedtest.home.cta")}
          </PageLink>
        </p>
      ) : null}
    </section>
  );
}
