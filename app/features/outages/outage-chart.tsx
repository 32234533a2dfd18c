import { formatTime } from "../../../common/format";
import {
  OUTAGE_BUCKET_MINUTES,
  type OutageBucket,
} from "../../../common/outages";
import { useTranslation } from "../../lib/i18n";

const W = 640;
const H = 200;
const PAD = { left: 8, right: 8, top: 28, bottom: 36 };
/** A label on every sixth full hour. */
const LABEL_HOURS = 6;

/** Whether a bar starts a labelled hour (00:00, 06:00, 12:00, 18:00 in Turkey). */
function isLabelled(start: string): boolean {
  const [hour, minute] = formatTime(start).split(":").map(Number);
  return minute === 0 && hour! % LABEL_HOURS === 0;
}

const HOUR = 3_600_000;
const QUARTERS = 60 / OUTAGE_BUCKET_MINUTES;

/** An hour of the table: its start, its quarters' reports (null: outside the 24 hours) and total. */
export interface HourRow {
  start: number;
  quarters: (number | null)[];
  total: number;
}

/**
 * The hours of the last 24 that had reports, oldest first, each with its quarters. The first and
 * the last hour of the window are partial (the same clock hour a day apart): their quarters
 * outside the window are null. Turkey has no daylight saving time, so a UTC hour is a Turkish one.
 */
export function hourRows(buckets: OutageBucket[]): HourRow[] {
  const rows = new Map<number, HourRow>();
  for (const b of buckets) {
    const at = Date.parse(b.start);
    const start = Math.floor(at / HOUR) * HOUR;
    let row = rows.get(start);
    if (!row)
      rows.set(
        start,
        (row = { start, quarters: Array(QUARTERS).fill(null), total: 0 }),
      );
    row.quarters[Math.floor((at - start) / (OUTAGE_BUCKET_MINUTES * 60_000))] =
      b.reports;
    row.total += b.reports;
  }
  return [...rows.values()]
    .filter((row) => row.total > 0)
    .sort((a, b) => a.start - b.start);
}

/**
 * The last 24 hours of a provider's reports as an SVG bar chart drawn on the server (one bar per
 * 15 minutes, the current quarter hour on the right), hidden from screen readers, which read
 * the same figures as a table: a row per hour that had reports, its four quarters and its total.
 */
export function OutageChart({ buckets }: { buckets: OutageBucket[] }) {
  const { t } = useTranslation();
  const high = Math.max(1, ...buckets.map((b) => b.reports));
  const slot = (W - PAD.left - PAD.right) / buckets.length;
  const plotH = H - PAD.top - PAD.bottom;
  const hours = hourRows(buckets);
  return (
    <section aria-labelledby="outage-chart-title" data-testid="outage-chart">
      <h2 id="outage-chart-title" className="text-xl font-semibold">
        {t("outages.chart.title")}
      </h2>
      <figure className="mt-3">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="h-auto w-full max-w-3xl text-slate-700 dark:text-slate-200"
          aria-hidden="true"
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
            y={PAD.top - 10}
            className="fill-current text-[20px] sm:text-[13px]"
          >
            {high}
          </text>
          {buckets.map((b, i) => {
            const h = (b.reports / high) * plotH;
            return b.reports > 0 ? (
              <rect
                key={b.start}
                x={(PAD.left + i * slot + slot * 0.1).toFixed(1)}
                y={(H - PAD.bottom - h).toFixed(1)}
                width={(slot * 0.8).toFixed(1)}
                height={h.toFixed(1)}
                className="fill-red-700 dark:fill-red-400"
              />
            ) : null;
          })}
          {buckets.map((b, i) =>
            isLabelled(b.start) ? (
              <text
                key={`l${b.start}`}
                x={(PAD.left + i * slot).toFixed(1)}
                y={H - 10}
                className="fill-current text-[20px] sm:text-[13px]"
              >
                {formatTime(b.start)}
              </text>
            ) : null,
          )}
        </svg>
        <figcaption className="mt-1 text-sm muted">
          {t("outages.chart.caption")}
        </figcaption>
      </figure>
      {hours.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">
            {t("outages.chart.table")}
          </summary>
          <div
            className="mt-2 overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-labelledby="outage-hours-caption"
          >
            <table className="text-sm">
              <caption id="outage-hours-caption" className="sr-only">
                {t("outages.chart.tableCaption")}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-3 text-left">
                    {t("outages.chart.hour")}
                  </th>
                  {Array.from({ length: QUARTERS }, (_, q) => (
                    <th key={q} scope="col" className="px-1.5 text-right">
                      <span className="sr-only">
                        {t("outages.chart.quarter")}{" "}
                      </span>
                      :{String(q * OUTAGE_BUCKET_MINUTES).padStart(2, "0")}
                    </th>
                  ))}
                  <th scope="col" className="pl-1.5 text-right">
                    {t("outages.chart.total")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {hours.map((h) => (
                  <tr key={h.start}>
                    <th
                      scope="row"
                      className="whitespace-nowrap pr-3 text-left font-normal"
                    >
                      {formatTime(new Date(h.start))}–
                      {formatTime(new Date(h.start + HOUR))}
                    </th>
                    {h.quarters.map((n, q) => (
                      <td key={q} className="px-1.5 text-right tabular-nums">
                        {n ?? "—"}
                      </td>
                    ))}
                    <td className="pl-1.5 text-right font-semibold tabular-nums">
                      {h.total}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : (
        <p className="mt-2 text-sm">{t("outages.chart.empty")}</p>
      )}
    </section>
  );
}
