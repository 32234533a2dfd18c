import {
  formatDateTime,
  formatDecimal,
  formatPercent,
  formatScore,
} from "../../../common/format";
import type {
  PlaceFigures,
  ProviderScorecard,
  ScoreFigure,
} from "../../../common/scorecard";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";

const DAY = 86_400_000;

type T = ReturnType<typeof useTranslation>["t"];
type Locale = ReturnType<typeof useTranslation>["locale"];

/** "last 90 days" or "all time", from a figure's period. */
function periodOf(f: ScoreFigure<unknown>, t: T): string {
  if (!f.since) return t("scorecard.allTime");
  const days = Math.round((Date.parse(f.until) - Date.parse(f.since)) / DAY);
  return t("scorecard.period", { days });
}

/** The measured figures of a place, in the order placeRows gives them (the province table's columns). */
const PLACE_FIGURES = [
  "promiseShare",
  "eveningDrop",
  "bufferbloat",
  "incidentsPerMonth",
] as const satisfies readonly (keyof PlaceFigures)[];

/** The measured figures of a place, as the words a person reads: value or "not enough data", and the detail. */
function placeRows(
  f: PlaceFigures,
  t: T,
  locale: Locale,
): (Row & { key: (typeof PLACE_FIGURES)[number] })[] {
  const evening = f.eveningDrop.value;
  return [
    {
      key: "promiseShare",
      value:
        f.promiseShare.value === null
          ? null
          : formatPercent(f.promiseShare.value, locale),
      detail: t("scorecard.promiseShare.detail", {
        count: f.promiseShare.count,
        period: periodOf(f.promiseShare, t),
      }),
      figure: f.promiseShare,
    },
    {
      key: "eveningDrop",
      value:
        evening === null
          ? null
          : t(
              evening >= 0
                ? "scorecard.eveningDrop.slower"
                : "scorecard.eveningDrop.faster",
              {
                value: formatPercent(Math.abs(evening), locale),
              },
            ),
      detail: t("scorecard.eveningDrop.detail", {
        evening: f.eveningDrop.count,
        other: f.eveningDrop.otherCount,
        period: periodOf(f.eveningDrop, t),
      }),
      figure: {
        ...f.eveningDrop,
        count: Math.min(f.eveningDrop.count, f.eveningDrop.otherCount),
      },
    },
    {
      key: "bufferbloat",
      value: f.bufferbloat.value,
      detail: t("scorecard.bufferbloat.detail", {
        count: f.bufferbloat.count,
        period: periodOf(f.bufferbloat, t),
      }),
      figure: f.bufferbloat,
    },
    {
      key: "incidentsPerMonth",
      value:
        f.incidentsPerMonth.value === null
          ? null
          : formatDecimal(f.incidentsPerMonth.value, locale),
      detail: t("scorecard.incidentsPerMonth.detail", {
        count: f.incidentsPerMonth.count,
        networks: f.incidentsPerMonth.networks,
        period: periodOf(f.incidentsPerMonth, t),
      }),
      figure: f.incidentsPerMonth,
      notEnough: t("scorecard.incidentsPerMonth.notEnough", {
        networks: f.incidentsPerMonth.networks,
        minimum: f.incidentsPerMonth.minimum,
      }),
    },
  ];
}

type FigureKey = keyof PlaceFigures | keyof ProviderScorecard["provider"];

interface Row {
  key: FigureKey;
  value: string | null;
  detail: string;
  figure: ScoreFigure<unknown>;
  notEnough?: string;
}

function FigureList({ rows, methodHref }: { rows: Row[]; methodHref: string }) {
  const { t } = useTranslation();
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-2">
      {rows.map((r) => (
        <div
          key={r.key}
          className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
          data-figure={r.key}
        >
          <dt className="text-sm font-semibold">
            <PageLink to={`${methodHref}#${r.key}`}>
              {t(`scorecard.${r.key}.label`)}
            </PageLink>
          </dt>
          <dd className="mt-1">
            {r.value === null ? (
              <span className="text-base">
                {r.notEnough ??
                  t("scorecard.notEnough", {
                    have: r.figure.count,
                    minimum: r.figure.minimum,
                  })}
              </span>
            ) : (
              <span className="text-2xl font-bold">{r.value}</span>
            )}
          </dd>
          <dd className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {r.detail}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A provider's scorecard on its profile (issue 23): the figures for the whole country, its prices
 * and reviews, and a table of the provinces with enough data. Every label links to the method.
 */
export function ScorecardSection({
  card,
  name,
}: {
  card: ProviderScorecard;
  name: string;
}) {
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const methodHref = paths.scorecardMethod();
  const p = card.provider;
  const providerRows: Row[] = [
    {
      key: "increasesPerPackage",
      value:
        p.increasesPerPackage.value === null
          ? null
          : formatDecimal(p.increasesPerPackage.value, locale, 2),
      detail: t("scorecard.increasesPerPackage.detail", {
        count: p.increasesPerPackage.count,
        increases: p.meanIncrease.count,
        period: periodOf(p.increasesPerPackage, t),
      }),
      figure: p.increasesPerPackage,
    },
    {
      key: "meanIncrease",
      value:
        p.increasesPerPackage.value === null
          ? null
          : p.meanIncrease.value === null
            ? t("scorecard.meanIncrease.none")
            : formatPercent(p.meanIncrease.value, locale, {
                signed: true,
                digits: 1,
              }),
      detail: t("scorecard.meanIncrease.detail", {
        count: p.meanIncrease.count,
        period: periodOf(p.meanIncrease, t),
      }),
      figure: { ...p.meanIncrease, count: p.increasesPerPackage.count },
    },
    {
      key: "reviewScore",
      value:
        p.reviewScore.value === null
          ? null
          : t("scorecard.reviewScore.value", {
              value: formatScore(
                Math.round(p.reviewScore.value * 10) / 10,
                locale,
              ),
            }),
      detail: t("scorecard.reviewScore.detail", {
        count: p.reviewScore.count,
        period: periodOf(p.reviewScore, t),
      }),
      figure: p.reviewScore,
    },
    {
      key: "answeredShare",
      value:
        p.answeredShare.value === null
          ? null
          : formatPercent(p.answeredShare.value, locale),
      detail: t("scorecard.answeredShare.detail", {
        count: p.answeredShare.count,
      }),
      figure: p.answeredShare,
    },
  ];
  const cell = (value: string | null) => value ?? "—";
  return (
    <section aria-labelledby="scorecard-title" data-testid="scorecard">
      <h2 id="scorecard-title" className="text-2xl font-bold">
        {t("scorecard.title")}
      </h2>
      <p className="mt-2">
        {t("scorecard.lead", { name })}{" "}
        <PageLink to={methodHref}>{t("scorecard.methodLink")}</PageLink>
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t("scorecard.computedAt")}{" "}
        <time dateTime={card.computedAt}>
          {formatDateTime(card.computedAt)}
        </time>{" "}
        ({t("scorecard.computedEvery")})
      </p>
      <h3 className="mt-4 text-xl font-semibold">{t("scorecard.country")}</h3>
      <FigureList
        rows={placeRows(card.country, t, locale)}
        methodHref={methodHref}
      />
      <h3 className="mt-6 text-xl font-semibold">{t("scorecard.provider")}</h3>
      <FigureList rows={providerRows} methodHref={methodHref} />
      <h3 className="mt-6 text-xl font-semibold">
        {t("scorecard.cities.title")}
      </h3>
      {card.cities.length === 0 ? (
        <p className="mt-2">{t("scorecard.cities.none")}</p>
      ) : (
        <div
          className="mt-3 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-labelledby="scorecard-cities-caption"
        >
          <table className="w-full text-left text-sm">
            <caption
              id="scorecard-cities-caption"
              className="mb-2 text-left text-slate-700 dark:text-slate-300"
            >
              {t("scorecard.cities.caption")}
            </caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-600">
                <th scope="col" className="px-2 py-1">
                  {t("scorecard.cities.province")}
                </th>
                {PLACE_FIGURES.map((key) => (
                  <th key={key} scope="col" className="px-2 py-1">
                    {t(`scorecard.${key}.label`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {card.cities.map((c) => (
                <tr
                  key={c.cityCode}
                  className="border-b border-slate-200 dark:border-slate-700"
                >
                  <th scope="row" className="px-2 py-1 font-semibold">
                    {c.cityName}
                  </th>
                  {placeRows(c, t, locale).map((r) => (
                    <td key={r.key} className="px-2 py-1" title={r.detail}>
                      {cell(r.value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
