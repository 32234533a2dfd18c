import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { shareOfPromise } from "../../../common/speedtest/measure";
import { apiPost } from "../../lib/api-client";
import { useApiList } from "../../lib/use-api-list";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { Combobox } from "../../components/ui/combobox";
import { choiceLabel, formatDecimal } from "./format";
import { markSaved } from "./local-history";
import type { SpeedtestResult } from "./protocol";

export interface ProvinceOption {
  code: number;
  value: string;
}

/** GET /api/v1/speedtest/providers and …/providers/{id}/packages (server/speedtest/provider-choices.ts). */
interface ProviderChoice {
  id: number;
  name: string;
  isDemo: boolean;
}
interface PackageChoice {
  id: number;
  title: string;
  downloadMbps: number | null;
  uploadMbps: number | null;
  isDemo: boolean;
}

function parseNumber(value: string): number | null {
  const n = Number(value.replace(",", "."));
  return value.trim() && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * "Compared with your package": the person picks their provider from the internet
 * providers on the site (a combobox with Turkish-aware matching), then one of its internet
 * packages on sale, whose promised speeds are then the comparison; without a package (not
 * listed, or no provider named) they type the promised speed. The share reached is shown at
 * once, and saving stores the result with the choice (checked again by the server) and gives a
 * link to share. The lists are read after a test, never on the page's load.
 */
export function ComparePanel({
  result,
  at,
  provinces,
  signedIn = false,
}: {
  result: SpeedtestResult;
  at: string;
  provinces: readonly ProvinceOption[];
  /** The history on the page is the account's: read again once the result is saved. */
  signedIn?: boolean;
}) {
  const { t, locale } = useTranslation();
  const revalidator = useRevalidator();
  const paths = usePaths();
  const [provider, setProvider] = useState<number | null>(null);
  const [packageId, setPackageId] = useState("");
  const [typedDown, setTypedDown] = useState("");
  const [typedUp, setTypedUp] = useState("");
  const [city, setCity] = useState("");
  const [district, setDistrict] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const providers = useApiList<ProviderChoice>("/speedtest/providers", "providers");
  const packages = useApiList<PackageChoice>(provider ? `/speedtest/providers/${provider}/packages` : null, "packages");
  const districts = useApiList<string>(city ? `/speedtest/districts?city=${city}` : null, "districts");

  const providerOptions = useMemo(
    () => [{ code: 0, value: t("speedtest.compare.providerNone") }, ...(providers?.state === "ready" ? providers.items.map((p) => ({ code: p.id, value: p.name })) : [])],
    [providers, t],
  );
  const company = provider && providers?.state === "ready" ? (providers.items.find((p) => p.id === provider) ?? null) : null;
  const listed = packages?.state === "ready" ? packages.items : [];
  const pkg = listed.find((p) => String(p.id) === packageId) ?? null;
  const down = pkg ? pkg.downloadMbps : parseNumber(typedDown);
  const up = pkg ? pkg.uploadMbps : parseNumber(typedUp);
  const shareDown = shareOfPromise(result.download, down);
  const shareUp = shareOfPromise(result.upload, up);
  const speed = (p: { downloadMbps: number | null; uploadMbps: number | null }) =>
    p.uploadMbps !== null
      ? t("speedtest.compare.packageSpeed", { down: p.downloadMbps ?? "—", up: p.uploadMbps })
      : t("speedtest.compare.packageSpeedDown", { down: p.downloadMbps ?? "—" });
  const mbps = (v: number) => t("speedtest.value.mbps", { value: formatDecimal(v, locale) });

  function chooseProvider(code: number) {
    setProvider(code);
    setPackageId("");
  }

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
      companyId: company ? company.id : null,
      packageId: company && pkg ? pkg.id : null,
      city: city ? Number(city) : null,
      district: city && district ? district : null,
      // A chosen package's speeds are the server's to take; typed ones go with no package.
      promisedDown: pkg ? null : down,
      promisedUp: pkg ? null : up,
    }).catch(() => ({ success: false as const, exception: "E_INTERNAL", message: t("speedtest.failed") }));
    setBusy(false);
    if (answer.success) {
      setSaved(answer.id);
      markSaved(at, answer.id, { promisedDown: down, promisedUp: up, packageLabel: choiceLabel(company?.name ?? null, pkg?.title ?? null) });
      if (signedIn) void revalidator.revalidate();
    } else setError(answer.message || t("speedtest.failed"));
  }

  const shareUrl = saved ? paths.speedTestResult(saved) : null;
  return (
    <section aria-labelledby="speedtest-compare-title" className="mt-8 rounded-2xl border border-slate-200 p-4 dark:border-slate-700" data-testid="speedtest-compare">
      <h2 id="speedtest-compare-title" className="text-xl font-bold">
        {t("speedtest.compare.title")}
      </h2>
      <p className="mt-1 text-sm">{t("speedtest.compare.help")}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div data-testid="speedtest-provider">
          {providers?.state === "ready" ? (
            <Combobox id="st-provider" label={t("speedtest.compare.provider")} options={providerOptions} value={provider} onChoose={chooseProvider} />
          ) : (
            <>
              <p className="field-label">{t("speedtest.compare.provider")}</p>
              <p className="text-sm" role="status">
                {providers?.state === "failed" ? t("speedtest.compare.providersFailed") : t("speedtest.compare.providersLoading")}
              </p>
            </>
          )}
        </div>
        {company ? (
          <div data-testid="speedtest-package">
            {packages?.state === "ready" && listed.length > 0 ? (
              <>
                <label className="field-label" htmlFor="st-package">
                  {t("speedtest.compare.package")}
                </label>
                <select id="st-package" className="field-input" value={packageId} onChange={(e) => setPackageId(e.target.value)}>
                  <option value="">{t("speedtest.compare.packageNotListed")}</option>
                  {listed.map((p) => (
                    <option key={p.id} value={String(p.id)}>
                      {t("speedtest.compare.packageOption", { title: p.title, speed: speed(p) })}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <>
                <p className="field-label">{t("speedtest.compare.package")}</p>
                <p className="text-sm" role="status">
                  {packages?.state === "ready"
                    ? t("speedtest.compare.noPackages")
                    : packages?.state === "failed"
                      ? t("speedtest.compare.packagesFailed")
                      : t("speedtest.compare.packagesLoading")}
                </p>
              </>
            )}
          </div>
        ) : null}
        {pkg ? (
          <p className="sm:col-span-2" data-testid="speedtest-package-promise">
            {pkg.uploadMbps !== null && pkg.downloadMbps !== null
              ? t("speedtest.compare.packagePromised", { down: mbps(pkg.downloadMbps), up: mbps(pkg.uploadMbps) })
              : pkg.downloadMbps !== null
                ? t("speedtest.compare.packagePromisedDown", { down: mbps(pkg.downloadMbps) })
                : null}
          </p>
        ) : (
          <>
            <div>
              <label className="field-label" htmlFor="st-promised-down">
                {t("speedtest.compare.promisedDown")}
              </label>
              <input id="st-promised-down" className="field-input" inputMode="decimal" value={typedDown} onChange={(e) => setTypedDown(e.target.value)} />
            </div>
            <div>
              <label className="field-label" htmlFor="st-promised-up">
                {t("speedtest.compare.promisedUp")}
              </label>
              <input id="st-promised-up" className="field-input" inputMode="decimal" value={typedUp} onChange={(e) => setTypedUp(e.target.value)} />
            </div>
          </>
        )}
        {company?.isDemo ? <p className="rounded border border-slate-400 p-2 text-sm sm:col-span-2">{t("speedtest.compare.demoNotice")}</p> : null}
        <div>
          <label className="field-label" htmlFor="st-city">
            {t("speedtest.compare.city")}
          </label>
          <select
            id="st-city"
            className="field-input"
            value={city}
            onChange={(e) => {
              setCity(e.target.value);
              setDistrict("");
            }}
          >
            <option value="">{t("speedtest.compare.cityNone")}</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.value}
              </option>
            ))}
          </select>
        </div>
        {city ? (
          <div>
            <label className="field-label" htmlFor="st-district">
              {t("speedtest.compare.district")}
            </label>
            <select
              id="st-district"
              className="field-input"
              value={district}
              onChange={(e) => setDistrict(e.target.value)}
              disabled={districts?.state !== "ready"}
            >
              <option value="">{t("speedtest.compare.districtNone")}</option>
              {districts?.state === "ready"
                ? districts.items.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))
                : null}
            </select>
          </div>
        ) : null}
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
