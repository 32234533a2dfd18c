import { useState } from "react";
import { shareOfPromise } from "../../../common/speedtest/measure";
import { apiPost } from "../../lib/api-client";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { formatDecimal } from "./format";
import { markSaved } from "./local-history";
import type { SpeedtestResult } from "./protocol";

export interface ProvinceOption {
  code: number;
  value: string;
}

function parseNumber(value: string): number | null {
  const n = Number(value.replace(",", "."));
  return value.trim() && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * "Compared with your package": the promised speed typed by the person (until the packages
 * issue lands; then a package picker fills promisedDown/promisedUp and the provider here), the
 * share reached, and saving the result with a link to share.
 */
export function ComparePanel({ result, at, provinces }: { result: SpeedtestResult; at: string; provinces: readonly ProvinceOption[] }) {
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const [promisedDown, setPromisedDown] = useState("");
  const [promisedUp, setPromisedUp] = useState("");
  const [provider, setProvider] = useState("");
  const [city, setCity] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const down = parseNumber(promisedDown);
  const up = parseNumber(promisedUp);
  const shareDown = shareOfPromise(result.download, down);
  const shareUp = shareOfPromise(result.upload, up);

  async function save() {
    setBusy(true);
    setError(null);
    const answer = await apiPost<{ success: true; id: string }>("/speedtest/results", {
      receipt: result.receipt,
      download: result.download,
      upload: result.upload,
      ping: result.ping,
      pingMin: result.pingMin,
      jitter: result.jitter,
      loadedDown: result.loadedDown,
      loadedUp: result.loadedUp,
      provider: provider.trim() || null,
      city: city ? Number(city) : null,
      promisedDown: down,
      promisedUp: up,
    }).catch(() => ({ success: false as const, exception: "E_INTERNAL", message: t("speedtest.failed") }));
    setBusy(false);
    if (answer.success) {
      setSaved(answer.id);
      markSaved(at, answer.id, down);
    } else setError(answer.message || t("speedtest.failed"));
  }

  const shareUrl = saved ? paths.speedTestResult(saved) : null;
  return (
    <section aria-labelledby="speedtest-compare-title" className="mt-8 rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="speedtest-compare-title" className="text-xl font-bold">
        {t("speedtest.compare.title")}
      </h2>
      <p className="mt-1 text-sm">{t("speedtest.compare.help")}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label className="field-label" htmlFor="st-promised-down">
            {t("speedtest.compare.promisedDown")}
          </label>
          <input id="st-promised-down" className="field-input" inputMode="decimal" value={promisedDown} onChange={(e) => setPromisedDown(e.target.value)} />
        </div>
        <div>
          <label className="field-label" htmlFor="st-promised-up">
            {t("speedtest.compare.promisedUp")}
          </label>
          <input id="st-promised-up" className="field-input" inputMode="decimal" value={promisedUp} onChange={(e) => setPromisedUp(e.target.value)} />
        </div>
        <div>
          <label className="field-label" htmlFor="st-provider">
            {t("speedtest.compare.provider")}
          </label>
          <input id="st-provider" className="field-input" maxLength={80} value={provider} onChange={(e) => setProvider(e.target.value)} />
        </div>
        <div>
          <label className="field-label" htmlFor="st-city">
            {t("speedtest.compare.city")}
          </label>
          <select id="st-city" className="field-input" value={city} onChange={(e) => setCity(e.target.value)}>
            <option value="">{t("speedtest.compare.cityNone")}</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.value}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-live="polite" className="mt-4 space-y-1" data-testid="speedtest-share">
        {shareDown !== null && <p className="font-semibold">{t("speedtest.compare.share", { share: formatDecimal(shareDown * 100, locale, 0) })}</p>}
        {shareUp !== null && <p>{t("speedtest.compare.shareUp", { share: formatDecimal(shareUp * 100, locale, 0) })}</p>}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-primary" onClick={save} disabled={busy || saved !== null} data-testid="speedtest-save">
          {t("speedtest.save")}
        </button>
        <p aria-live="polite" className="text-sm">
          {saved && shareUrl && (
            <>
              {t("speedtest.saved")}{" "}
              <a className="underline" href={shareUrl} data-testid="speedtest-share-link">
                {t("speedtest.share")}
              </a>
            </>
          )}
          {error && <span className="text-red-700 dark:text-red-300">{error}</span>}
        </p>
      </div>
    </section>
  );
}
