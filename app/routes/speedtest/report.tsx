import { formatDateTime } from "../../../common/format";
import { Form } from "react-router";
import { requirePageUser } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { listOwnResults } from "../../../server/speedtest/read-results";
import { choiceLabel, formatDecimal, shareText } from "../../features/speedtest/format";
import { pickedIds } from "../../features/speedtest/report-ids";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { privatePageHeaders } from "../../lib/headers";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * The evidence report: a signed-in person's tests from different days and hours, with
 * the promised speed and the share reached, printable (print stylesheet) and as CSV.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const t = getT(context.locale);
  const all = await listOwnResults(context.app, { user });
  const ids = pickedIds(request);
  const picked = ids.length ? all.filter((r) => ids.includes(r.id)) : all;
  return {
    all,
    picked,
    ids,
    name: user.fullName,
    generatedAt: new Date().toISOString(),
    seo: { title: t("speedtest.evidence.title"), description: t("speedtest.evidence.help"), index: false },
  };
}


export default function SpeedTestReportRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("speedtest");
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const { all, picked, ids, name, generatedAt } = loaderData;
  const mbps = (v: number | null) => (v === null ? "—" : t("speedtest.value.mbps", { value: formatDecimal(v, locale) }));
  const query = ids.map((id) => `id=${encodeURIComponent(id)}`).join("&");
  return (
    <article className="speedtest-report mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("speedtest.evidence.title")}</h1>
      <p className="mt-2">{name}</p>
      <p>{t("speedtest.evidence.generated", { date: formatDateTime(generatedAt) })}</p>
      <p className="mt-2 print:hidden">{t("speedtest.evidence.help")}</p>

      <div className="relative mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label={t("speedtest.evidence.title")}>
        <table className="w-full text-left text-sm" data-testid="speedtest-report">
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-600">
              <th scope="col" className="py-2 pr-3">{t("speedtest.history.when")}</th>
              <th scope="col" className="py-2 pr-3">{t("speedtest.evidence.providerCol")}</th>
              <th scope="col" className="py-2 pr-3">{t("speedtest.figure.download")}</th>
              <th scope="col" className="py-2 pr-3">{t("speedtest.figure.upload")}</th>
              <th scope="col" className="py-2 pr-3">{t("speedtest.figure.ping")}</th>
              <th scope="col" className="py-2 pr-3">{t("speedtest.evidence.promised")}</th>
              <th scope="col" className="py-2">{t("speedtest.evidence.shareCol")}</th>
            </tr>
          </thead>
          <tbody>
            {picked.map((r) => (
              <tr key={r.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-2 pr-3">{formatDateTime(r.createdAt)}</td>
                <td className="py-2 pr-3">{choiceLabel(r.provider, r.package?.title ?? null) ?? "—"}</td>
                <td className="py-2 pr-3 tabular-nums">{mbps(r.download)}</td>
                <td className="py-2 pr-3 tabular-nums">{mbps(r.upload)}</td>
                <td className="py-2 pr-3 tabular-nums">{t("speedtest.value.ms", { value: formatDecimal(r.ping, locale) })}</td>
                <td className="py-2 pr-3 tabular-nums">
                  {r.promisedDown === null && r.promisedUp === null ? "—" : `${mbps(r.promisedDown)} / ${mbps(r.promisedUp)}`}
                </td>
                <td className="py-2 tabular-nums">{shareText(r.share.download, r.share.upload, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {picked.length === 0 && <p className="mt-3">{t("speedtest.history.empty")}</p>}

      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <a className="btn-primary" href={`${paths.speedTestReportCsv()}${query ? `?${query}` : ""}`} download>
          {t("speedtest.evidence.csv")}
        </a>
        <PrintButton label={t("speedtest.evidence.print")} />
      </div>

      {all.length > 0 && (
        <Form method="get" className="mt-10 print:hidden">
          <fieldset>
            <legend className="text-lg font-semibold">{t("speedtest.history.title")}</legend>
            <ul className="mt-2 space-y-1">
              {all.map((r) => (
                <li key={r.id}>
                  <label className="inline-flex items-center gap-2">
                    <input type="checkbox" name="id" value={r.id} defaultChecked={ids.length === 0 || ids.includes(r.id)} />
                    {formatDateTime(r.createdAt)} · {mbps(r.download)} / {mbps(r.upload)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit" className="btn-ghost mt-3 border border-slate-300 dark:border-slate-600">
            {t("speedtest.evidence.title")}
          </button>
        </Form>
      )}
    </article>
  );
}

/** Printing needs JavaScript; without it the browser's own print command does the same (print stylesheet). */
function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="btn-ghost border border-slate-300 dark:border-slate-600" onClick={() => window.print()}>
      {label}
    </button>
  );
}
