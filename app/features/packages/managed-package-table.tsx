// The package list of a company's dashboard (isletme/paketler/liste/:id): a table of every
// package with its edit link and its duplicate, withdraw and restore forms.
import { Form } from "react-router";
import type { PackageListIntent } from "../../../common/forms/packages";
import type { ServiceKind, Technology } from "../../../common/packages";
import type { FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { Money } from "./money";

/** A package as the company's list shows it; `publicPath` while the company is published. */
export interface ManagedPackageRowView {
  id: number;
  title: string;
  serviceKind: ServiceKind;
  technology: Technology | null;
  downloadMbps: number | null;
  uploadMbps: number | null;
  monthlyPriceKurus: number;
  commitmentMonths: number;
  /** The day the price was last confirmed, and the day it was withdrawn (null while on sale), as text. */
  confirmed: string;
  withdrawn: string | null;
  isDemo: boolean;
  publicPath: string | null;
}

/** The answer of the list's forms; a duplicate names its copy (linked to its edit page). */
export type PackageListResult = FormResult & { copyId?: number };

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

export function ManagedPackageTable({ companyId, rows, usdPerTry }: { companyId: number; rows: ManagedPackageRowView[]; usdPerTry: number }) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
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
                    to={paths.packageDashboardEdit(String(companyId), String(r.id))}
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
  );
}
