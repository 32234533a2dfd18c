import { type FormResult } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { CompanyFlagsForm, CompanySponsorForm } from "../../features/dashboard/company-admin-forms";
import { CompanyForm } from "../../features/dashboard/company-form";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { companyEditAction, companyEditPage } from "./company-edit.server";
import type { Route } from "./+types/company-edit";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/yeni-isletme and isletme/duzenle/:id: corporate users (their own companies) and administrators (all). */
export function loader(args: Route.LoaderArgs) {
  return companyEditPage(args);
}

/** The company form (multipart: intent=save) and, for administrators, the sponsorship (intent=sponsor, unsponsor) and flags forms. */
export function action(args: Route.ActionArgs) {
  return companyEditAction(args);
}

export default function CompanyEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "companyAdmin", "packages");
  const { t } = useTranslation();
  const paths = usePaths();
  const { mode, company, values, categories, provinces, sponsorships, created } = loaderData;
  const result = actionData as FormResult | undefined;
  const saveResult = result?.intent === "save" ? result : undefined;
  const sponsorResult = result?.intent === "sponsor" || result?.intent === "unsponsor" ? result : undefined;
  const action = company ? paths.companyDashboardEdit(String(company.id)) : paths.companyDashboardNew();
  return (
    <DashboardLayout>
      <p className="mb-2">
        <PageLink to={paths.companyDashboardList()}>{t("companyAdmin.form.back")}</PageLink>
      </p>
      <h1 className="text-3xl font-bold">{mode === "new" ? t("companyAdmin.form.titleNew") : `${t("companyAdmin.form.titleEdit")}: ${values.name}`}</h1>
      <p className="mt-2 mb-4 muted">{mode === "new" ? t("companyAdmin.form.descriptionNew") : t("companyAdmin.form.descriptionEdit")}</p>
      {created ? (
        <p role="status" className="mb-4 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {t("companyAdmin.form.created")}
        </p>
      ) : null}
      {company ? (
        <div className="mb-4 space-y-2">
          <p>
            <strong>{t("companyAdmin.list.state")}:</strong> {t(`companyAdmin.states.${company.publishState}`)}
            {company.publicPath ? (
              <>
                {" · "}
                <a href={company.publicPath}>{t("companyAdmin.form.publicLink")}</a>
              </>
            ) : null}
          </p>
          {company.publishState === "pending" ? <p className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("companyAdmin.form.pendingNotice")}</p> : null}
          {company.publishState === "rejected" && company.rejectReason ? (
            <p className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">{t("companyAdmin.form.rejectedNotice", { reason: company.rejectReason })}</p>
          ) : null}
          {company.editPending ? <p className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("companyAdmin.form.editPendingNotice")}</p> : null}
          {!company.editPending && company.editRejectReason ? (
            <p className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">{t("companyAdmin.form.editRejectedNotice", { reason: company.editRejectReason })}</p>
          ) : null}
        </div>
      ) : null}
      <CompanyForm
        key={JSON.stringify(values)}
        mode={mode}
        action={action}
        values={values}
        categories={categories}
        provinces={provinces}
        result={saveResult}
        successText={saveResult?.success ? saveResult.message : undefined}
      />
      {sponsorships && company ? <CompanyFlagsForm key={`${company.verified}-${company.selfManaged}-${company.publishState}`} result={result?.intent === "flags" ? result : undefined} company={company} /> : null}
      {sponsorships ? <CompanySponsorForm result={sponsorResult} periods={sponsorships} /> : null}
    </DashboardLayout>
  );
}
