import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { PageLink } from "../../components/ui/page-link";
import type { AreaSpeeds } from "../../../common/speedtest/stats";
import { StatsTable } from "./stats-table";
import { numberFormat } from "../../../common/format";

/**
 * The median download, upload and ping of the speed tests in a place (answer and city pages),
 * with their count and window, then the same per provider; with too few tests, a sentence saying
 * so and no figures. On a flat's answer page (`forFlat`) the figures are the district's when it
 * has enough tests, else the province's, and the page says which (when it shows any figure).
 */
export function MeasuredSpeeds({ view, headingLevel = 2, forFlat = false }: { view: AreaSpeeds; headingLevel?: 2 | 3; forFlat?: boolean }) {
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const number = numberFormat(locale, { maximumFractionDigits: 1 });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const { overall, providers } = view;
  const inDistrict = overall.scope === "district" && view.district !== null;
  const params = {
    city: view.city,
    district: view.district ?? "",
    count: overall.count,
    addresses: overall.addresses,
    days: view.days,
    min: view.minCount,
    districtCount: view.districtCount ?? 0,
    districtAddresses: view.districtAddresses ?? 0,
  };
  const place = providers.scope === "district" && view.district !== null;
  return (
    <section aria-labelledby="measured-speeds-title" className="mt-10" data-testid="measured-speeds" data-scope={overall.scope}>
      <Heading id="measured-speeds-title" className={headingLevel === 2 ? "text-2xl font-bold" : "text-xl font-semibold"}>
        {inDistrict ? t("infrastructure.measured.titleDistrict", params) : t("infrastructure.measured.title", params)}
      </Heading>
      {overall.medians ? (
        <>
          <p className="mt-2 text-sm muted" data-testid="measured-summary">
            {inDistrict ? t("infrastructure.measured.summaryDistrict", params) : t("infrastructure.measured.summary", params)}
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
            {(
              [
                ["download", t("infrastructure.measured.mbps", { value: number.format(overall.medians.download) })],
                ["upload", t("infrastructure.measured.mbps", { value: number.format(overall.medians.upload) })],
                ["ping", t("infrastructure.measured.ms", { value: number.format(overall.medians.ping) })],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg border border-slate-300 p-3 dark:border-slate-600">
                <dt className="text-sm muted">{t(`infrastructure.measured.${key}`)}</dt>
                <dd className="text-lg font-bold break-words" data-testid={`measured-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="mt-2 muted" data-testid="measured-too-few">
          {t("infrastructure.measured.tooFew", params)}
        </p>
      )}
      {forFlat && !inDistrict && (overall.medians || providers.rows.length) ? (
        <p className="mt-2 text-sm muted" data-testid="measured-province-scope">
          {view.district !== null ? t("infrastructure.measured.provinceScope", params) : t("infrastructure.measured.provinceOnly", params)}
        </p>
      ) : null}

      <Sub className="mt-6 text-lg font-semibold">{t("infrastructure.measured.providersTitle")}</Sub>
      {providers.rows.length ? (
        <>
          <p className="mt-1 text-sm muted" data-testid="measured-providers-scope" data-scope={providers.scope}>
            {place ? t("infrastructure.measured.providersDistrict", params) : t("infrastructure.measured.providersProvince", params)}
          </p>
          {providers.rows.some((r) => r.isDemo) ? <p className="mt-2 rounded border border-slate-400 p-2 text-sm">{t("speedtest.stats.demoNotice")}</p> : null}
          <StatsTable rows={providers.rows} nameHeader={t("speedtest.stats.provider")} label={t("infrastructure.measured.providersTitle")} testId="measured-providers" unit="mbps" />
        </>
      ) : (
        <p className="mt-1 muted" data-testid="measured-providers-none">
          {t("infrastructure.measured.providersNone", params)}
        </p>
      )}
      <p className="mt-3 text-sm">
        <PageLink to={paths.speedTest()}>{t("infrastructure.measured.cta")}</PageLink>
      </p>
    </section>
  );
}
