import { findCorporateSubTypeById, findCorporateTypeById } from "../../../common/corporate-types";
import { formatDate } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { listOwnCompanies } from "../../../server/companies/own-companies";
import { profileSegment } from "../../../server/companies/segments";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/companies";
import { DataTable } from "../../components/ui/data-table";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/liste: a corporate user's own companies; every company for an administrator. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageCorporate(context, request);
  const t = getT(context.locale);
  const locale = context.locale;
  const rows = await listOwnCompanies(context.app, { actor: context });
  return {
    seo: { title: t(user.isAdmin ? "companyAdmin.list.titleAdmin" : "companyAdmin.list.title"), description: t("companyAdmin.list.description"), index: false },
    isAdmin: user.isAdmin,
    rows: rows.map((r) => {
      const type = findCorporateTypeById(r.typeId);
      const sub = r.subTypeId === null ? null : findCorporateSubTypeById(r.subTypeId);
      return {
        id: r.id,
        name: r.name,
        category: sub ? sub.name[locale] : (type?.name[locale] ?? ""),
        publishState: r.publishState,
        editPending: r.editPending,
        isDemo: r.isDemo,
        ownerName: r.ownerName,
        updated: formatDate(r.updatedAt),
        publicPath: r.publishState === "published" ? pathsFor(locale).companyProfile(profileSegment(r), r.slug) : null,
      };
    }),
  };
}

export default function CompaniesRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("admin", "companyAdmin");
  const { t } = useTranslation();
  const paths = usePaths();
  const { rows, isAdmin } = loaderData;
  return (
    <DashboardLayout wide>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">{t(isAdmin ? "companyAdmin.list.titleAdmin" : "companyAdmin.list.title")}</h1>
        <div className="flex flex-wrap gap-3">
          {isAdmin ? <PageLink to={paths.companyApprovals()}>{t("companyAdmin.list.queue")}</PageLink> : null}
          <PageLink to={paths.companyDashboardNew()} className="btn-primary">
            {t("companyAdmin.list.new")}
          </PageLink>
        </div>
      </div>
      <p className="mt-2 mb-6 muted">{t("companyAdmin.list.description")}</p>
      {rows.length === 0 ? (
        <p>{t("companyAdmin.list.empty")}</p>
      ) : (
        <DataTable
          caption={t("companyAdmin.list.caption", { count: rows.length })}
          columns={[
            t("companyAdmin.list.name"),
            t("companyAdmin.list.category"),
            t("companyAdmin.list.state"),
            isAdmin ? t("companyAdmin.list.owner") : null,
            t("companyAdmin.list.updated"),
            t("companyAdmin.list.actions"),
          ]}
        >
        {rows.map((r) => (
          <tr key={r.id} className="border-b border-slate-200 dark:border-slate-700">
            <th scope="row" className="p-2 font-medium">
              {r.name}
              {r.isDemo ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">{t("companyAdmin.list.demo")}</span> : null}
            </th>
            <td className="p-2">{r.category}</td>
            <td className="p-2">
              {t(`companyAdmin.states.${r.publishState}`)}
              {r.editPending ? <span className="block text-xs text-amber-800 dark:text-amber-300">{t("companyAdmin.list.editPending")}</span> : null}
            </td>
            {isAdmin ? <td className="p-2">{r.ownerName ?? t("companyAdmin.list.noOwner")}</td> : null}
            <td className="p-2">{r.updated}</td>
            <td className="p-2">
              <span className="flex flex-wrap gap-3">
                <PageLink to={paths.companyDashboardEdit(String(r.id))} aria-label={t("companyAdmin.list.editFor", { name: r.name })}>
                  {t("companyAdmin.list.edit")}
                </PageLink>
                <PageLink to={paths.packageDashboardList(String(r.id))} aria-label={t("companyAdmin.list.packagesFor", { name: r.name })}>
                  {t("companyAdmin.list.packages")}
                </PageLink>
                <PageLink to={paths.leadInbox(String(r.id))} aria-label={t("companyAdmin.list.leadsFor", { name: r.name })}>
                  {t("companyAdmin.list.leads")}
                </PageLink>
                {r.publicPath ? (
                  <a href={r.publicPath} aria-label={t("companyAdmin.list.viewFor", { name: r.name })}>
                    {t("companyAdmin.list.view")}
                  </a>
                ) : null}
              </span>
            </td>
          </tr>
        ))}
        </DataTable>
      )}
    </DashboardLayout>
  );
}
