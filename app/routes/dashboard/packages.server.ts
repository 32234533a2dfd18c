import { data } from "react-router";
import { PACKAGE_LIST_INTENTS, type PackageListIntent } from "../../../common/forms/packages";
import { formatDate } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { parseDashboardId } from "../../../server/packages/dashboard-ids";
import { loaderId, pageError } from "../../../server/http/pages/page-errors";
import { duplicateCompanyPackage, listManagedPackages, setPackageWithdrawn } from "../../../server/packages/manage-packages";
import { companySegment } from "../../../server/packages/package-card";
import { AppError } from "../../../server/platform/app-error";
import type { ManagedPackageRowView, PackageListResult } from "../../features/packages/managed-package-table";

interface PageArgs {
  request: Request;
  params: { id: string };
  context: RequestContext;
}

/** isletme/paketler/liste/:id: every package of a company, for its owner or an administrator. */
export async function packageListPage({ request, context, params }: PageArgs) {
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
    rows: packages.map(({ id, title, serviceKind, technology, downloadMbps, uploadMbps, monthlyPriceKurus, commitmentMonths, isDemo, ...p }): ManagedPackageRowView => ({
      ...{ id, title, serviceKind, technology, downloadMbps, uploadMbps, monthlyPriceKurus, commitmentMonths, isDemo },
      confirmed: formatDate(`${p.priceConfirmedOn}T12:00:00Z`),
      withdrawn: p.withdrawnAt ? formatDate(p.withdrawnAt) : null,
      publicPath: published ? pathsFor(context.locale).packageDetail(segment, company.slug, p.slug) : null,
    })),
  };
}

/** intent=duplicate|withdraw|restore with packageId: the company's owner or an administrator. */
export async function packageListAction({ request, context, params }: PageArgs) {
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
      return data<PackageListResult>({ success: true, intent, message: t("packages.dashboard.list.duplicated"), copyId });
    }
    await setPackageWithdrawn(context.app, context, { companyId, packageId, withdrawn: intent === "withdraw" });
    return data<PackageListResult>({ success: true, intent, message: t(intent === "withdraw" ? "packages.dashboard.list.withdrawnDone" : "packages.dashboard.list.restoredDone") });
  } catch (err) {
    const answer = formFailure(err, context);
    return data<PackageListResult>({ ...answer.data, intent }, answer.init ?? undefined);
  }
}
