import { ErrorSummary, SuccessMessage, useFormFeedback } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { ManagedPackageTable, type PackageListResult } from "../../features/packages/managed-package-table";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { packageListAction, packageListPage } from "./packages.server";
import type { Route } from "./+types/packages";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/paketler/liste/:id: every package of a company, for its owner or an administrator. */
export function loader(args: Route.LoaderArgs) {
  return packageListPage(args);
}

/** intent=duplicate|withdraw|restore with packageId: the company's owner or an administrator. */
export function action(args: Route.ActionArgs) {
  return packageListAction(args);
}

export default function DashboardPackagesRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "companyAdmin", "packages");
  const { t } = useTranslation();
  const paths = usePaths();
  const { company, rows, usdPerTry } = loaderData;
  const result = actionData as PackageListResult | undefined;
  const f = useFormFeedback({ id: "package-list", result });
  return (
    <DashboardLayout wide>
      <p className="mb-2">
        <PageLink to={paths.companyDashboardList()}>{t("packages.dashboard.list.back")}</PageLink>
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">
          {t("packages.dashboard.list.title")}: {company.name}
        </h1>
        <div className="flex flex-wrap gap-3">
          <PageLink to={paths.leadInbox(String(company.id))}>{t("packages.dashboard.list.inbox")}</PageLink>
          <PageLink to={paths.packageDashboardNew(String(company.id))} className="btn-primary">
            {t("packages.dashboard.list.new")}
          </PageLink>
        </div>
      </div>
      <p className="mt-2 mb-4 muted">
        {t("packages.dashboard.list.description")}
        {company.publicPath ? (
          <>
            {" "}
            <a href={company.publicPath}>{t("packages.dashboard.list.publicList")}</a>
          </>
        ) : null}
      </p>
      <div className="mb-4 empty:hidden">
        {f.succeeded && result?.success ? (
          <SuccessMessage ref={f.successRef}>
            {result.message}
            {result.copyId ? (
              <>
                {" "}
                <PageLink to={paths.packageDashboardEdit(String(company.id), String(result.copyId))}>{t("packages.dashboard.list.editCopy")}</PageLink>
              </>
            ) : null}
          </SuccessMessage>
        ) : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      {rows.length === 0 ? (
        <p>{t("packages.dashboard.list.empty")}</p>
      ) : (
        <ManagedPackageTable companyId={company.id} rows={rows} usdPerTry={usdPerTry} />
      )}
    </DashboardLayout>
  );
}
