import { useTranslation } from "../../lib/i18n";
import { formatDecimal } from "./format";

/** One group of the speed-test statistics as loaders give it (common/speedtest/stats.ts StatsRow). */
export interface StatsRowView {
  key: string;
  name: string;
  count: number;
  download: number;
  upload: number;
  ping: number;
  isDemo: boolean;
}

/**
 * Median download, upload and ping per province or provider, with the count of tests: a table
 * in a focusable scroll region (a narrow phone scrolls the table, never the page). `label` names
 * the region and the table (unique on a page); the units are in the column headers (`unit`: the
 * page's way of writing speeds), so the cells stay narrow.
 */
export function StatsTable({
  rows,
  nameHeader,
  label,
  testId,
  unit = "mbit",
}: {
  rows: readonly StatsRowView[];
  nameHeader: string;
  label: string;
  testId?: string;
  unit?: "mbit" | "mbps";
}) {
  const { t, locale } = useTranslation();
  const speedUnit = unit === "mbit" ? t("speedtest.unit.mbps") : t("infrastructure.measured.unit");
  const header = (figure: "download" | "upload" | "ping") =>
    t("speedtest.stats.header", { figure: t(`speedtest.figure.${figure}`), unit: figure === "ping" ? t("speedtest.unit.ms") : speedUnit });
  const value = (v: number) => formatDecimal(v, locale);
  return (
    <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-2 pr-2">
              {nameHeader}
            </th>
            <th scope="col" className="py-2 pr-2">
              {header("download")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {header("upload")}
            </th>
            <th scope="col" className="py-2 pr-2">
              {header("ping")}
            </th>
            <th scope="col" className="py-2">
              {t("speedtest.stats.countHeader")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.key} className="border-b border-slate-100 dark:border-slate-800" data-stats-key={s.key}>
              <th scope="row" className="py-2 pr-2 font-medium break-words">
                {s.name}
              </th>
              <td className="py-2 pr-2 tabular-nums">{value(s.download)}</td>
              <td className="py-2 pr-2 tabular-nums">{value(s.upload)}</td>
              <td className="py-2 pr-2 tabular-nums">{value(s.ping)}</td>
              <td className="py-2 tabular-nums">{s.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
