import { enoughFor, isPoor, type SpeedtestFigures } from "../../../common/speedtest/measure";
import { formatDecimal } from "./format";
import { useTranslation } from "../../lib/i18n";

export type ResultFigures = SpeedtestFigures;

/** The figures of a test, what they are enough for, and what to do when they are poor. */
export function ResultView({ result, promisedDown }: { result: ResultFigures; promisedDown?: number | null }) {
  const { t, locale } = useTranslation();
  const mbps = (v: number) => t("speedtest.value.mbps", { value: formatDecimal(v, locale) });
  const ms = (v: number) => t("speedtest.value.ms", { value: formatDecimal(v, locale) });
  const rows = [
    ["download", mbps(result.download)],
    ["upload", mbps(result.upload)],
    ["ping", ms(result.ping)],
    ["pingMin", ms(result.pingMin)],
    ["jitter", ms(result.jitter)],
    ["loadedDown", ms(result.loadedDown)],
    ["loadedUp", ms(result.loadedUp)],
    ["grade", result.grade],
  ] as const;
  const uses = enoughFor(result);
  const poor = isPoor(result, promisedDown);
  return (
    <section aria-labelledby="speedtest-result-title">
      <h2 id="speedtest-result-title" className="text-xl font-bold">
        {t("speedtest.result.title")}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {rows.map(([key, value]) => (
          <div key={key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-figure={key}>
            <dt className="text-sm muted">{t(`speedtest.figure.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm muted">{t("speedtest.gradeHelp")}</p>
      <h3 className="mt-6 text-lg font-semibold">{t("speedtest.reading.title")}</h3>
      <p className="mt-1">
        {uses.length
          ? t("speedtest.reading.enoughFor", { uses: uses.map((u) => t(`speedtest.reading.uses.${u}`)).join(", ") })
          : t("speedtest.reading.notEnough")}
      </p>
      {poor && (
        <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="speedtest-advice">
          <h3 className="font-semibold">{t("speedtest.advice.title")}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{t("speedtest.advice.wired")}</li>
            <li>{t("speedtest.advice.device")}</li>
            <li>{t("speedtest.advice.time")}</li>
            <li>{t("speedtest.advice.others")}</li>
            <li>{t("speedtest.advice.evidence")}</li>
          </ul>
        </div>
      )}
    </section>
  );
}
