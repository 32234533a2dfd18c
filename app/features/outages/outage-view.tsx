import { formatDateTime, formatDecimal, formatTime } from "../../../common/format";
import {
  OUTAGE_PROBLEMS,
  type OutageIncident,
  type OutageOverview,
} from "../../../common/outages";
import { useTranslation } from "../../lib/i18n";

function speedTestsText(
  t: ReturnType<typeof useTranslation>["t"],
  tests: OutageIncident["speedTests"],
  locale: "tr" | "en",
): string {
  if (tests.count === 0) return t("outages.cities.noTests");
  const count = t("outages.cities.tests", { count: tests.count });
  if (tests.medianDownMbps === null) return count;
  const value = formatDecimal(tests.medianDownMbps, locale);
  return `${count}, ${t("outages.cities.median", { value })}`;
}

/** What is going on now: the ongoing incidents (province, since when, districts), or none; the reports of 24 hours. */
export function OutageStatus({ overview }: { overview: OutageOverview }) {
  const { t } = useTranslation();
  const ongoing = overview.incidents.filter((i) => i.endedAt === null);
  return (
    <div
      className={`mt-4 rounded-xl border p-4 ${ongoing.length ? "border-red-700 bg-red-50 dark:border-red-400 dark:bg-red-950" : "border-slate-200 dark:border-slate-700"}`}
      data-testid="outage-status"
    >
      {ongoing.length ? (
        <ul className="space-y-2">
          {ongoing.map((i) => (
            <li key={i.id}>
              <p className="font-semibold">
                {t("outages.status.ongoing", { city: i.cityName })}{" "}
                <span className="font-normal">
                  (
                  {t("outages.status.since", { time: formatTime(i.startedAt) })}
                  )
                </span>
              </p>
              {i.districts.length ? (
                <p className="text-sm">
                  {t("outages.status.districts", {
                    districts: i.districts.join(", "),
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="font-semibold">{t("outages.status.none")}</p>
      )}
      <p className="mt-2 text-sm">
        {t("outages.status.total", { count: overview.total })}
      </p>
    </div>
  );
}

/** The last 24 hours' reports by problem. */
export function OutageProblems({ overview }: { overview: OutageOverview }) {
  const { t } = useTranslation();
  if (overview.total === 0) return null;
  return (
    <section aria-labelledby="outage-problems-title" className="mt-8">
      <h2 id="outage-problems-title" className="text-xl font-semibold">
        {t("outages.problemsTitle")}
      </h2>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 sm:max-w-md">
        {OUTAGE_PROBLEMS.map((p) => (
          <div key={p} className="contents">
            <dt>{t(`outages.problems.${p}`)}</dt>
            <dd className="text-right tabular-nums">{overview.problems[p]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The provinces with reports in 24 hours: their figures, districts and the provider's speed tests meanwhile. */
export function OutageCities({ overview }: { overview: OutageOverview }) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="outage-cities-title" className="mt-8">
      <h2 id="outage-cities-title" className="text-xl font-semibold">
        {t("outages.cities.title")}
      </h2>
      {overview.cities.length ? (
        <ul
          className="mt-3 divide-y divide-slate-200 dark:divide-slate-700"
          data-testid="outage-cities"
        >
          {overview.cities.map((c) => (
            <li key={c.cityCode} className="py-3">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-semibold">{c.cityName}</span>
                {c.incident ? (
                  <span className="rounded bg-red-700 px-2 text-sm font-medium text-white dark:bg-red-400 dark:text-slate-950">
                    {t("outages.cities.incident")}
                  </span>
                ) : null}
                <span className="text-sm">
                  {t("outages.cities.reports")}:{" "}
                  <span className="tabular-nums">{c.reports}</span> ·{" "}
                  {t("outages.cities.lastHour")}:{" "}
                  <span className="tabular-nums">{c.lastHour}</span>
                </span>
              </p>
              <p className="mt-1 text-sm break-words">
                {t("outages.cities.districts")}:{" "}
                {c.districts.map((d) => `${d.name} (${d.reports})`).join(", ")}
              </p>
              <p className="mt-1 text-sm muted">
                {t("outages.cities.speedTests")}:{" "}
                {speedTestsText(t, c.speedTests, locale)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">{t("outages.cities.empty")}</p>
      )}
    </section>
  );
}

/** The incidents: ongoing first, then the latest ended ones, each with its districts and the tests taken meanwhile. */
export function OutageIncidents({ overview }: { overview: OutageOverview }) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="outage-incidents-title" className="mt-8">
      <h2 id="outage-incidents-title" className="text-xl font-semibold">
        {t("outages.incidents.title")}
      </h2>
      {overview.incidents.length ? (
        <ul className="mt-3 space-y-3" data-testid="outage-incidents">
          {overview.incidents.map((i) => (
            <li
              key={i.id}
              className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-semibold">{i.cityName}</span>
                <span className="text-sm font-medium">
                  {i.endedAt === null
                    ? t("outages.incidents.ongoing")
                    : t("outages.incidents.ended")}
                </span>
                <span className="text-sm">
                  {i.endedAt === null
                    ? t("outages.incidents.since", {
                        start: formatDateTime(i.startedAt),
                      })
                    : t("outages.incidents.period", {
                        start: formatDateTime(i.startedAt),
                        end: formatDateTime(i.endedAt),
                      })}
                </span>
              </p>
              {i.districts.length ? (
                <p className="mt-1 text-sm break-words">
                  {t("outages.status.districts", {
                    districts: i.districts.join(", "),
                  })}
                </p>
              ) : null}
              <p className="mt-1 text-sm muted">
                {t("outages.incidents.peak", { count: i.peakNetworks })} ·{" "}
                {t("outages.cities.speedTests")}:{" "}
                {speedTestsText(t, i.speedTests, locale)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">{t("outages.incidents.empty")}</p>
      )}
    </section>
  );
}

/** How an incident is declared, with the numbers the server uses. */
export function OutageMethod({ overview }: { overview: OutageOverview }) {
  const { t } = useTranslation();
  const r = overview.rule;
  return (
    <section aria-labelledby="outage-method-title" className="mt-8" id="yontem">
      <h2 id="outage-method-title" className="text-xl font-semibold">
        {t("outages.method.title")}
      </h2>
      <p className="mt-2 text-sm">
        {t("outages.method.text", {
          window: r.windowMinutes,
          min: r.minNetworks,
          days: r.baselineDays,
          factor: r.factor,
          quiet: r.quietMinutes,
        })}
      </p>
    </section>
  );
}
