import { useEffect, useState } from "react";
import { formatDateTime } from "../../../common/format";
import { shareOfPromise } from "../../../common/speedtest/measure";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { formatDecimal, shareText } from "./format";
import { readLocalHistory, writeLocalHistory, type LocalEntry } from "./local-history";

export interface HistoryEntry {
  id?: string;
  at: string;
  download: number;
  upload: number;
  ping: number;
  grade: string;
  /** The provider and package named with the test ("Ege Fiber · Fiber 100"). */
  packageLabel?: string | null;
  /** Measured / promised, when a promised speed was given. */
  shareDown?: number | null;
  shareUp?: number | null;
  /** False: kept in the person's account, not shared (their eyes only). */
  shared?: boolean;
}

export function HistoryTable({ entries }: { entries: readonly HistoryEntry[] }) {
  const { t, locale } = useTranslation();
  const paths = usePaths();
  if (entries.length === 0) return <p className="mt-2">{t("speedtest.history.empty")}</p>;
  return (
    <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("speedtest.history.title")}>
      <table className="w-full text-left text-sm" data-testid="speedtest-history">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-2 pr-3">{t("speedtest.history.when")}</th>
            <th scope="col" className="py-2 pr-3">{t("speedtest.figure.download")}</th>
            <th scope="col" className="py-2 pr-3">{t("speedtest.figure.upload")}</th>
            <th scope="col" className="py-2 pr-3">{t("speedtest.figure.ping")}</th>
            <th scope="col" className="py-2 pr-3">{t("speedtest.figure.grade")}</th>
            <th scope="col" className="py-2 pr-3">{t("speedtest.history.package")}</th>
            <th scope="col" className="py-2">{t("speedtest.history.share")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            // A kept (unshared) result has no public id, and two may share a second: the position tells them apart.
            <tr key={e.id ?? `${e.at}-${i}`} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-2 pr-3 whitespace-nowrap">
                {e.id ? <a className="underline" href={paths.speedTestResult(e.id)}>{formatDateTime(e.at)}</a> : formatDateTime(e.at)}
                {e.shared === false ? <span className="ml-1 text-xs muted">({t("speedtest.history.private")})</span> : null}
              </td>
              <td className="py-2 pr-3 tabular-nums">{t("speedtest.value.mbps", { value: formatDecimal(e.download, locale) })}</td>
              <td className="py-2 pr-3 tabular-nums">{t("speedtest.value.mbps", { value: formatDecimal(e.upload, locale) })}</td>
              <td className="py-2 pr-3 tabular-nums">{t("speedtest.value.ms", { value: formatDecimal(e.ping, locale) })}</td>
              <td className="py-2 pr-3">{e.grade}</td>
              <td className="py-2 pr-3">{e.packageLabel ?? "—"}</td>
              <td className="py-2 tabular-nums whitespace-nowrap">{shareText(e.shareDown, e.shareUp, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A guest's history from this device (read after hydration: the server cannot know it). */
export function LocalHistory() {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<LocalEntry[] | null>(null);
  useEffect(() => {
    const load = () => setEntries(readLocalHistory());
    load();
    window.addEventListener("gb-speedtests", load);
    return () => window.removeEventListener("gb-speedtests", load);
  }, []);
  return (
    <>
      <p className="mt-1 text-sm">{t("speedtest.history.guest")}</p>
      {entries && (
        <HistoryTable
          entries={entries.map((e) => ({
            ...e,
            packageLabel: e.packageLabel ?? null,
            shareDown: shareOfPromise(e.download, e.promisedDown),
            shareUp: shareOfPromise(e.upload, e.promisedUp),
          }))}
        />
      )}
      {entries && entries.length > 0 && (
        <button type="button" className="btn-ghost mt-3 border border-slate-300 dark:border-slate-600" onClick={() => writeLocalHistory([])}>
          {t("speedtest.history.clear")}
        </button>
      )}
    </>
  );
}
