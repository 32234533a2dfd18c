import { redirect } from "react-router";
import { pathsFor, stripLocale } from "../../../common/paths";
import { listOwnCompanies } from "../../../server/companies/own-companies";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/company-picker";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * isletme/paketler and isletme/talepler (the dashboard menu's "Packages" and "Requests"): with one
 * company, straight to its page; with several, the companies to choose from.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageCorporate(context, request);
  const t = getT(context.locale);
  const target = stripLocale(new URL(request.url).pathname).startsWith("/isletme/talepler") ? ("leads" as const) : ("packages" as const);
  const rows = await listOwnCompanies(context.app, { actor: context });
  const paths = pathsFor(context.locale);
  if (rows.length === 1 && !context.user!.isAdmin) {
    const id = String(rows[0]!.id);
    throw redirect(target === "leads" ? paths.leadInbox(id) : paths.packageDashboardList(id));
  }
  const title = t(target === "leads" ? "packages.picker.titleLeads" : "packages.picker.titlePackages");
  return {
    seo: { title, description: t("packages.picker.description"), index: false },
    title,
    target,
    companies: rows.map((r) => ({ id: r.id, name: r.name })),
  };
}

export default function CompanyPickerRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("admin", "companyAdmin", "packages");
  const { t } = useTranslation();
  const paths = usePaths();
  const { title, target, companies } = loaderData;
  return (
    <DashboardLayout>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 mb-6 muted">{t("packages.picker.description")}</p>
      {companies.length === 0 ? (
        <p>
          {t("packages.picker.empty")} <PageLink to={paths.companyDashboardNew()}>{t("companyAdmin.list.new")}</PageLink>
        </p>
      ) : (
        <ul className="list-disc space-y-2 pl-5">
          {companies.map((c) => (
            <li key={c.id}>
              <PageLink to={target === "leads" ? paths.leadInbox(String(c.id)) : paths.packageDashboardList(String(c.id))}>{c.name}</PageLink>
            </li>
          ))}
        </ul>
      )}
    </DashboardLayout>
  );
}
