import { formatDate, formatPercent, formatPriceParts } from "../../../common/format";
import type { CompanyPriceChange, PriceChange } from "../../../common/package-types";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { Money } from "./money";

const W = 640;
const H = 240;
/** Room for the labels, whose text is larger (in the drawing's units) on phones, where it is drawn smaller. */
const PAD = { left: 12, right: 12, top: 32, bottom: 44 };

/** The change in per cent from `from` to `to`, signed, one decimal ("+%12,5", "+12.5%"); "—" from nothing (a free package). */
function percent(from: number, to: number, locale: "tr" | "en"): string {
  if (from <= 0) return "—";
  return formatPercent((to - from) / from, locale, { signed: true, digits: 1 });
}

interface Step {
  from: number;
  to: number;
  kurus: number;
  onSale: boolean;
}

/** A series as steps: each entry's value holds until the next entry (the last one until `end`). */
function steps(
  history: PriceChange[],
  value: (c: PriceChange) => number,
  end: number,
): Step[] {
  return history.map((c, i) => ({
    from: Date.parse(c.changedAt),
    to: i + 1 < history.length ? Date.parse(history[i + 1]!.changedAt) : end,
    kurus: value(c),
    onSale: c.onSale,
  }));
}

/**
 * A package's price history (issue 23, decision 041): a sentence saying since when prices are
 * recorded and how the monthly price moved, an SVG step chart drawn on the server (the monthly
 * price, and the price without commitment where it differs), and the same as a table, which is
 * what screen readers read (the chart is hidden from them).
 */
export function PriceHistory({
  history,
  asOf,
  usdPerTry,
}: {
  history: PriceChange[];
  asOf: string;
  usdPerTry: number;
}) {
  const { t, locale } = useTranslation();
  if (history.length === 0) return null;
  const first = history[0]!;
  const last = history.at(-1)!;
  const priceChanges = history.filter((c) => c.kind === "changed").length;
  const end = Math.max(
    Date.parse(asOf),
    Date.parse(last.changedAt) + 86_400_000,
  );
  const start = Date.parse(first.changedAt);
  const monthly = steps(history, (c) => c.monthlyPriceKurus, end);
  const showWithout = history.some(
    (c) => c.commitmentMonths > 0 && c.priceKurus !== c.monthlyPriceKurus,
  );
  const without = showWithout ? steps(history, (c) => c.priceKurus, end) : [];
  const values = [...monthly, ...without].map((s) => s.kurus);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(high - low, Math.max(1, high) * 0.1);
  const yMin = Math.max(0, low - span * 0.15);
  const yMax = high + span * 0.15;
  const x = (ms: number) =>
    PAD.left +
    ((ms - start) / Math.max(1, end - start)) * (W - PAD.left - PAD.right);
  const y = (kurus: number) =>
    PAD.top + (1 - (kurus - yMin) / (yMax - yMin)) * (H - PAD.top - PAD.bottom);
  const path = (series: Step[]) =>
    series
      .map(
        (s, i) =>
          `${i === 0 ? `M${x(s.from).toFixed(1)},${y(s.kurus).toFixed(1)}` : `V${y(s.kurus).toFixed(1)}`}H${x(s.to).toFixed(1)}`,
      )
      .join("");
  const axis = (kurus: number) =>
    formatPriceParts(kurus / 100, locale, usdPerTry).primary;
  const kinds = (c: PriceChange) => t(`packages.history.kinds.${c.kind}`);
  return (
    <section
      aria-labelledby="price-history-title"
      className="mt-8 print:hidden"
      data-testid="price-history"
    >
      <h2 id="price-history-title" className="text-xl font-semibold">
        {t("packages.history.title")}
      </h2>
      <p className="mt-2">
        {t(
          first.kind === "recorded"
            ? "packages.history.recordedSince"
            : "packages.history.addedOn",
          { date: formatDate(first.changedAt) },
        )}{" "}
        {priceChanges === 0
          ? t("packages.history.noChanges")
          : t("packages.history.changes", {
              count: priceChanges,
              from: axis(first.monthlyPriceKurus),
              to: axis(last.monthlyPriceKurus),
              percent: percent(
                first.monthlyPriceKurus,
                last.monthlyPriceKurus,
                locale,
              ),
            })}
      </p>
      {history.length > 1 ? (
        <figure className="mt-3">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="h-auto w-full max-w-3xl text-slate-700 dark:text-slate-200"
            aria-hidden="true"
            data-testid="price-chart"
          >
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={H - PAD.bottom}
              y2={H - PAD.bottom}
              className="stroke-slate-400"
              strokeWidth="1"
            />
            <text
              x={PAD.left}
              y={PAD.top - 8}
              className="fill-current text-[22px] sm:text-[13px]"
            >
              {axis(high)}
            </text>
            <text
              x={PAD.left}
              y={H - PAD.bottom - 6}
              className="fill-current text-[22px] sm:text-[13px]"
            >
              {axis(low)}
            </text>
            <text x={PAD.left} y={H - 6} className="fill-current text-[22px] sm:text-[13px]">
              {formatDate(first.changedAt)}
            </text>
            <text
              x={W - PAD.right}
              y={H - 6}
              textAnchor="end"
              className="fill-current text-[22px] sm:text-[13px]"
            >
              {t("packages.history.today")}
            </text>
            {showWithout ? (
              <path
                d={path(without)}
                fill="none"
                className="stroke-slate-500 dark:stroke-slate-400"
                strokeWidth="2"
                strokeDasharray="6 4"
              />
            ) : null}
            <path
              d={path(monthly)}
              fill="none"
              className="stroke-sky-700 dark:stroke-sky-300"
              strokeWidth="3"
            />
            {monthly.map((s) => (
              <circle
                key={s.from}
                cx={x(s.from)}
                cy={y(s.kurus)}
                r="4"
                className={
                  s.onSale
                    ? "fill-sky-700 dark:fill-sky-300"
                    : "fill-red-700 dark:fill-red-300"
                }
              />
            ))}
          </svg>
          <figcaption className="mt-1 flex flex-wrap gap-4 text-sm">
            <span>
              <span
                aria-hidden="true"
                className="me-1 inline-block h-1 w-6 bg-sky-700 align-middle dark:bg-sky-300"
              />
              {t("packages.history.legendMonthly")}
            </span>
            {showWithout ? (
              <span>
                <span
                  aria-hidden="true"
                  className="me-1 inline-block w-6 border-t-2 border-dashed border-slate-500 align-middle"
                />
                {t("packages.history.legendWithout")}
              </span>
            ) : null}
          </figcaption>
        </figure>
      ) : null}
      <div
        className="mt-3 overflow-x-auto rounded border border-slate-300 dark:border-slate-600"
        tabIndex={0}
        role="region"
        aria-labelledby="price-history-title"
      >
        <table className="w-full text-sm" data-testid="price-history-table">
          <caption className="sr-only">
            {t("packages.history.tableCaption")}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                {t("packages.history.colDate")}
              </th>
              <th scope="col" className="px-2 py-1 text-left">
                {t("packages.history.colEvent")}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                {t("packages.history.colMonthly")}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                {t("packages.history.colWithout")}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                {t("packages.history.colAfter")}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                {t("packages.history.colActivation")}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((c, i) => {
              const before = i > 0 ? history[i - 1]!.monthlyPriceKurus : null;
              return (
                <tr
                  key={`${c.changedAt}-${i}`}
                  className="border-t border-slate-200 dark:border-slate-700"
                >
                  <th
                    scope="row"
                    className="px-2 py-1 text-left font-normal whitespace-nowrap"
                  >
                    {formatDate(c.changedAt)}
                  </th>
                  <td className="px-2 py-1">
                    {kinds(c)}{" "}
                    <span className="text-xs">
                      ({t(`packages.history.sources.${c.source}`)})
                    </span>
                  </td>
                  <td className="px-2 py-1 text-right">
                    <Money kurus={c.monthlyPriceKurus} usdPerTry={usdPerTry} />
                    {before !== null &&
                    before !== c.monthlyPriceKurus &&
                    before > 0 ? (
                      <span className="block text-xs">
                        {percent(before, c.monthlyPriceKurus, locale)}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-2 py-1 text-right">
                    <Money kurus={c.priceKurus} usdPerTry={usdPerTry} />
                  </td>
                  <td className="px-2 py-1 text-right">
                    {c.commitmentMonths > 0 ? (
                      <Money
                        kurus={c.priceAfterCommitmentKurus ?? c.priceKurus}
                        usdPerTry={usdPerTry}
                      />
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-2 py-1 text-right">
                    <Money kurus={c.activationFeeKurus} usdPerTry={usdPerTry} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A company's record on prices (issue 23), on its packages page: how many of its packages on sale
 * had a price rise in the last 12 months, and its newest changes of a package's monthly price,
 * each with the date, the price before and after and the change in per cent.
 */
export function CompanyPriceRecord({
  record,
  packagePath,
  usdPerTry,
}: {
  record: { changes: CompanyPriceChange[]; onSale: number; risenInYear: number };
  packagePath: (slug: string) => string;
  usdPerTry: number;
}) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="price-record-title" className="mt-8" data-testid="price-record">
      <h2 id="price-record-title" className="text-xl font-semibold">
        {t("packages.history.companyTitle")}
      </h2>
      <p className="mt-2" data-testid="price-record-share">
        {record.onSale === 0 ? t("packages.history.companyNoneOnSale") : t("packages.history.companyRisen", { count: record.onSale, risen: record.risenInYear })}
      </p>
      {record.changes.length === 0 ? (
        <p className="mt-2">{t("packages.history.companyNoChanges")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded border border-slate-300 dark:border-slate-600" tabIndex={0} role="region" aria-labelledby="price-record-title">
          <table className="w-full text-sm" data-testid="price-record-table">
            <caption className="sr-only">{t("packages.history.companyCaption")}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  {t("packages.history.colDate")}
                </th>
                <th scope="col" className="px-2 py-1 text-left">
                  {t("packages.history.colPackage")}
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  {t("packages.history.colBefore")}
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  {t("packages.history.colAfterChange")}
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  {t("packages.history.colPercent")}
                </th>
              </tr>
            </thead>
            <tbody>
              {record.changes.map((c) => (
                <tr key={`${c.packageId}-${c.changedAt}`} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
                    {formatDate(c.changedAt)}
                  </th>
                  <td className="px-2 py-1 break-words">
                    <PageLink to={packagePath(c.slug)}>{c.title}</PageLink>
                  </td>
                  <td className="px-2 py-1 text-right">
                    <Money kurus={c.beforeKurus} usdPerTry={usdPerTry} />
                  </td>
                  <td className="px-2 py-1 text-right">
                    <Money kurus={c.afterKurus} usdPerTry={usdPerTry} />
                  </td>
                  <td className="px-2 py-1 text-right whitespace-nowrap">{c.beforeKurus > 0 ? percent(c.beforeKurus, c.afterKurus, locale) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A company's profile: how many of its packages on sale rose in price in 12 months, with a link to its price changes. */
export function CompanyPriceRise({ rise, href }: { rise: { onSale: number; risenInYear: number }; href: string }) {
  const { t } = useTranslation();
  if (rise.onSale === 0) return null;
  return (
    <section aria-labelledby="price-rise-title" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="price-rise">
      <h2 id="price-rise-title" className="text-xl font-bold">
        {t("packages.history.companyTitle")}
      </h2>
      <p className="mt-2 text-sm">{t("packages.history.companyRisen", { count: rise.onSale, risen: rise.risenInYear })}</p>
      <p className="mt-2 text-sm">
        <PageLink to={href}>{t("packages.history.companyLink")}</PageLink>
      </p>
    </section>
  );
}
