import { formatDateTime } from "../../../common/format";
import type { MessageKey } from "../../../common/i18n";
import { listReports } from "../../../server/infrastructure/reports";
import { requirePageAdmin } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { Link } from "react-router";
import type { Route } from "./+types/infrastructure-reports";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

const TECH: Record<string, MessageKey> = {
  FIBER: "infrastructure.answer.technologies.FIBER",
  VDSL: "infrastructure.answer.technologies.VDSL",
  ADSL: "infrastructure.answer.technologies.ADSL",
  NONE: "infrastructure.report.none",
};

/** /altyapi-bildirimleri: the latest wrong-data reports, for administrators (a guest goes to /giris, anyone else gets 403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageAdmin(context, request);
  const t = getT(context.locale);
  const rows = await listReports(context.app, { actor: context });
  return {
    seo: { title: t("infrastructure.report.adminTitle"), description: t("infrastructure.report.adminDescription"), index: false },
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
  };
}

export default function InfrastructureReportsRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("admin", "companyAdmin", "infrastructure");
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <DashboardLayout wide>
      <h1 className="text-3xl font-bold">{t("infrastructure.report.adminTitle")}</h1>
      <p className="mt-2 muted">{t("infrastructure.report.adminDescription")}</p>
      {loaderData.rows.length === 0 ? (
        <p className="mt-6">{t("infrastructure.report.adminEmpty")}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-600">
                <th scope="col" className="py-2 pe-4">{t("infrastructure.report.adminWhen")}</th>
                <th scope="col" className="py-2 pe-4">{t("infrastructure.report.adminFlat")}</th>
                <th scope="col" className="py-2 pe-4">{t("infrastructure.report.adminActual")}</th>
                <th scope="col" className="py-2 pe-4">{t("infrastructure.report.adminSpeed")}</th>
                <th scope="col" className="py-2 pe-4">{t("infrastructure.report.adminNote")}</th>
                <th scope="col" className="py-2">{t("infrastructure.report.adminSource")}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 align-top dark:border-slate-700">
                  <td className="py-2 pe-4 whitespace-nowrap">{r.createdAt}</td>
                  <td className="py-2 pe-4">
                    <Link to={paths.altyapiSonuc(String(r.bbk))}>{r.bbk}</Link>
                  </td>
                  <td className="py-2 pe-4">{t(TECH[r.actualTechnology])}</td>
                  <td className="py-2 pe-4">{r.actualDownMbps === null ? "–" : `${r.actualDownMbps} Mbps`}</td>
                  <td className="max-w-xs py-2 pe-4 break-words">{r.note ?? "–"}</td>
                  <td className="py-2">{t(`infrastructure.answer.sources.${r.source as "demo" | "database" | "http"}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DashboardLayout>
  );
}
