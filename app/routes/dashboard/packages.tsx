import { data, Form } from "react-router";
import { PACKAGE_LIST_INTENTS, type PackageListIntent } from "../../../common/forms/packages";
import { formatDate } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { parseDashboardId } from "../../../server/packages/dashboard-ids";
import { loaderId, pageError } from "../../../server/http/pages/page-errors";
import { duplicateCompanyPackage, listManagedPackages, setPackageWithdrawn } from "../../../server/packages/manage-packages";
import { companySegment } from "../../../server/packages/package-card";
import { AppError } from "../../../server/platform/app-error";
import { ErrorSummary, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { Money } from "../../features/packages/money";
import { privatePageHeaders } from "../../lib/headers";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/packages";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/paketler/liste/:id: every package of a company, for its owner or an administrator. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePageCorporate(context, request);
  const t = getT(context.locale);
  const companyId = loaderId(params.id);
  const { company, packages } = await listManagedPackages(context.app, context, { companyId }).catch(pageError);
  const published = company.publishState === "published";
  const segment = companySegment(company);
  return {
    seo: { title: `${t("packages.dashboard.list.title")}: ${company.name}`, description: t("packages.dashboard.list.description"), index: false },
    company: { id: company.id, name: company.name, publicPath: published ? pathsFor(context.locale).companyPackages(segment, company.slug) : null },
    usdPerTry: context.app.config.USD_PER_TRY,
    rows: packages.map((p) => ({
      id: p.id,
      title: p.title,
      serviceKind: p.serviceKind,
      technology: p.technology,
      downloadMbps: p.downloadMbps,
      uploadMbps: p.uploadMbps,
      monthlyPriceKurus: p.monthlyPriceKurus,
      commitmentMonths: p.commitmentMonths,
      confirmed: formatDate(`${p.priceConfirmedOn}T12:00:00Z`),
      withdrawn: p.withdrawnAt ? formatDate(p.withdrawnAt) : null,
      isDemo: p.isDemo,
      publicPath: published ? pathsFor(context.locale).packageDetail(segment, company.slug, p.slug) : null,
    })),
  };
}

type ActionData = FormResult & { copyId?: number };

/** intent=duplicate|withdraw|restore with packageId: the company's owner or an administrator. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requirePageCorporate(context, request);
  let intent: PackageListIntent | undefined;
  try {
    const form = await readVerifiedForm(request, context);
    const raw = form.get("intent");
    intent = PACKAGE_LIST_INTENTS.find((i) => i === raw);
    if (!intent) throw new AppError("E_BAD_REQUEST", "packages.dashboard.unknownIntent");
    const companyId = parseDashboardId(params.id);
    const packageId = parseDashboardId(form.get("packageId"), "package");
    const t = getT(context.locale);
    if (intent === "duplicate") {
      const copyId = await duplicateCompanyPackage(context.app, context, { companyId, packageId });
      return data<ActionData>({ success: true, intent, message: t("packages.dashboard.list.duplicated"), copyId });
    }
    await setPackageWithdrawn(context.app, context, { companyId, packageId, withdrawn: intent === "withdraw" });
    return data<ActionData>({ success: true, intent, message: t(intent === "withdraw" ? "packages.dashboard.list.withdrawnDone" : "packages.dashboard.list.restoredDone") });
  } catch (err) {
    const answer = formFailure(err, context);
    return data<ActionData>({ ...answer.data, intent }, answer.init ?? undefined);
  }
}

function RowAction({ intent, packageId, label, ariaLabel }: { intent: PackageListIntent; packageId: number; label: string; ariaLabel: string }) {
  return (
    <Form method="post" className="inline">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="packageId" value={packageId} />
      <button type="submit" className="btn-ghost min-h-11 px-2 py-1 text-sm" aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}

export default function DashboardPackagesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { company, rows, usdPerTry } = loaderData;
  const result = actionData as ActionData | undefined;
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
      <p className="mt-2 mb-4 text-slate-700 dark:text-slate-300">
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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("packages.dashboard.list.caption", { count: rows.length })}</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-600">
                <th scope="col" className="p-2">{t("packages.dashboard.list.name")}</th>
                <th scope="col" className="p-2">{t("packages.dashboard.list.kind")}</th>
                <th scope="col" className="p-2">{t("packages.dashboard.list.price")}</th>
                <th scope="col" className="p-2">{t("packages.dashboard.list.speed")}</th>
                <th scope="col" className="p-2">{t("packages.dashboard.list.state")}</th>
                <th scope="col" className="p-2">{t("packages.dashboard.list.confirmed")}</th>
                <th scope="col" className="p-2">{t("packages.dashboard.list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="row" className="p-2 font-medium">
                    {r.publicPath ? <a href={r.publicPath}>{r.title}</a> : r.title}
                    {r.isDemo ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">{t("packages.card.demo")}</span> : null}
                  </th>
                  <td className="p-2">
                    {t(`packages.kinds.${r.serviceKind}`)}
                    {r.technology ? <span className="block text-xs">{t(`packages.technologies.${r.technology}`)}</span> : null}
                  </td>
                  <td className="p-2">
                    <Money kurus={r.monthlyPriceKurus} usdPerTry={usdPerTry} />
                    <span className="block text-xs">
                      {r.commitmentMonths > 0 ? t("packages.detail.commitmentMonths", { count: r.commitmentMonths }) : t("packages.detail.noCommitment")}
                    </span>
                  </td>
                  <td className="p-2">{r.downloadMbps ? t("packages.card.speed", { down: r.downloadMbps, up: r.uploadMbps ?? "–" }) : "–"}</td>
                  <td className="p-2">{r.withdrawn ? t("packages.dashboard.list.withdrawnOn", { date: r.withdrawn }) : t("packages.dashboard.list.onSale")}</td>
                  <td className="p-2">{r.confirmed}</td>
                  <td className="p-2">
                    <div className="flex flex-wrap items-center gap-1">
                      <PageLink
                        to={paths.packageDashboardEdit(String(company.id), String(r.id))}
                        className="inline-flex min-h-11 items-center px-2"
                        aria-label={t("packages.dashboard.list.editFor", { title: r.title })}
                      >
                        {t("packages.dashboard.list.edit")}
                      </PageLink>
                      <RowAction intent="duplicate" packageId={r.id} label={t("packages.dashboard.list.duplicate")} ariaLabel={t("packages.dashboard.list.duplicateFor", { title: r.title })} />
                      {r.withdrawn ? (
                        <RowAction intent="restore" packageId={r.id} label={t("packages.dashboard.list.restore")} ariaLabel={t("packages.dashboard.list.restoreFor", { title: r.title })} />
                      ) : (
                        <RowAction intent="withdraw" packageId={r.id} label={t("packages.dashboard.list.withdraw")} ariaLabel={t("packages.dashboard.list.withdrawFor", { title: r.title })} />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DashboardLayout>
  );
}
