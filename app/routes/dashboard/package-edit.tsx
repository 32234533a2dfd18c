import type { FormResult } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { PackageForm } from "../../features/dashboard/package-form";
import { PackageSponsorForm } from "../../features/dashboard/package-sponsor-form";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { packageEditAction, packageEditPage } from "./package-edit.server";
import type { Route } from "./+types/package-edit";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/paketler/yeni-paket/:id and isletme/paketler/duzenle/:id/:packageId: the company's owner or an administrator. */
export function loader(args: Route.LoaderArgs) {
  return packageEditPage(args);
}

/**
 * The package form (intent=save): a new package (then its edit page), or the edit of one; with an
 * optional image. For administrators also the sponsorship forms (intent=sponsor, unsponsor).
 */
export function action(args: Route.ActionArgs) {
  return packageEditAction(args);
}

export default function PackageEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "companyAdmin", "packages");
  const { t } = useTranslation();
  const paths = usePaths();
  const { mode, company, packageId, values, provinces, publicPath, withdrawn, created, image, sponsorship } = loaderData;
  const result = actionData as FormResult | undefined;
  const sponsorResult = result?.intent === "sponsor" || result?.intent === "unsponsor" ? result : undefined;
  const action = packageId === null ? paths.packageDashboardNew(String(company.id)) : paths.packageDashboardEdit(String(company.id), String(packageId));
  return (
    <DashboardLayout>
      <p className="mb-2">
        <PageLink to={paths.packageDashboardList(String(company.id))}>{t("packages.dashboard.form.back", { company: company.name })}</PageLink>
      </p>
      <h1 className="text-3xl font-bold">{mode === "new" ? t("packages.dashboard.form.titleNew") : `${t("packages.dashboard.form.titleEdit")}: ${values.title}`}</h1>
      <p className="mt-2 mb-4 muted">
        {t("packages.dashboard.form.companyLine", { company: company.name })}{" "}
        {mode === "new" ? t("packages.dashboard.form.descriptionNew") : t("packages.dashboard.form.descriptionEdit")}
      </p>
      {created ? (
        <p role="status" className="mb-4 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {t("packages.dashboard.form.created")}
        </p>
      ) : null}
      {withdrawn ? <p className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("packages.dashboard.form.withdrawnNotice")}</p> : null}
      {publicPath ? (
        <p className="mb-4">
          <a href={publicPath}>{t("packages.dashboard.form.publicLink")}</a>
        </p>
      ) : null}
      <PackageForm
        key={JSON.stringify(values)}
        mode={mode}
        action={action}
        values={values}
        provinces={provinces}
        image={image}
        result={result?.intent === "save" || result?.intent === undefined ? result : undefined}
        successText={result?.success && !sponsorResult ? result.message : undefined}
      />
      {sponsorship ? <PackageSponsorForm result={sponsorResult} sponsorship={sponsorship} /> : null}
    </DashboardLayout>
  );
}
