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

/**
 * The last 24 hours of a provider's reports as an SVG bar chart drawn on the server (one bar per
 * 15 minutes, the current quarter hour on the right), hidden from screen readers, which read
 * the same figures as a table of the quarter hours that had reports.
 */
export function OutageChart({ buckets }: { buckets: OutageBucket[] }) {
  const { t } = useTranslation();
  const high = Math.max(1, ...buckets.map((b) => b.reports));
  const slot = (W - PAD.left - PAD.right) / buckets.length;
  const plotH = H - PAD.top - PAD.bottom;
  const withReports = buckets.filter((b) => b.reports > 0);
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
      {withReports.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">
            {t("outages.chart.table")}
          </summary>
          <table className="mt-2 text-sm">
            <thead>
              <tr>
                <th scope="col" className="pr-6 text-left">
                  {t("outages.chart.hour")}
                </th>
                <th scope="col" className="text-right">
                  {t("outages.chart.reports")}
                </th>
              </tr>
            </thead>
            <tbody>
              {withReports.map((b) => (
                <tr key={b.start}>
                  <td className="pr-6">
                    {formatTime(b.start)}–
                    {formatTime(
                      new Date(
                        Date.parse(b.start) + OUTAGE_BUCKET_MINUTES * 60_000,
                      ),
                    )}
                  </td>
                  <td className="text-right tabular-nums">{b.reports}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : (
        <p className="mt-2 text-sm">{t("outages.chart.empty")}</p>
      )}
    </section>
  );
}
