import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { PageLink } from "../../components/ui/page-link";

/** A province's measured speeds as the loaders give them (server/speedtest/read-results.ts provinceMedians). */
export interface MeasuredSpeedsView {
  city: string;
  count: number;
  days: number;
  minCount: number;
  medians: { download: number; upload: number; ping: number } | null;
}

/**
 * The median download, upload and ping of the speed tests in a province (answer and city pages),
 * with their count and window; with too few tests, a sentence saying so and no figures.
 */
export function MeasuredSpeeds({ view, headingLevel = 2 }: { view: MeasuredSpeedsView; headingLevel?: 2 | 3 }) {
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const number = new Intl.NumberFormat(locale === "tr" ? "tr-TR" : "en-GB", { maximumFractionDigits: 1 });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const params = { city: view.city, count: view.count, days: view.days, min: view.minCount };
  return (
    <section aria-labelledby="measured-speeds-title" className="mt-10" data-testid="measured-speeds">
      <Heading id="measured-speeds-title" className={headingLevel === 2 ? "text-2xl font-bold" : "text-xl font-semibold"}>
        {t("infrastructure.measured.title", { city: view.city })}
      </Heading>
      {view.medians ? (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="measured-summary">
            {t("infrastructure.measured.summary", params)}
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
            {(
              [
                ["download", t("infrastructure.measured.mbps", { value: number.format(view.medians.download) })],
                ["upload", t("infrastructure.measured.mbps", { value: number.format(view.medians.upload) })],
                ["ping", t("infrastructure.measured.ms", { value: number.format(view.medians.ping) })],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg border border-slate-300 p-3 dark:border-slate-600">
                <dt className="text-sm text-slate-700 dark:text-slate-300">{t(`infrastructure.measured.${key}`)}</dt>
                <dd className="text-lg font-bold break-words" data-testid={`measured-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="measured-too-few">
          {t("infrastructure.measured.tooFew", params)}
        </p>
      )}
      <p className="mt-3 text-sm">
        <PageLink to={paths.speedTest()}>{t("infrastructure.measured.cta")}</PageLink>
      </p>
    </section>
  );
}
