import { SuccessMessage } from "../../components/forms";
import { ApprovalItem, type ApprovalResult } from "../../features/dashboard/approval-queue";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { approvalQueueAction, approvalQueuePage } from "./company-approvals.server";
import type { Route } from "./+types/company-approvals";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/onay: administrators only. */
export function loader(args: Route.LoaderArgs) {
  return approvalQueuePage(args);
}

/** approve / reject (with a reason, mailed to the owner), dispatched on `intent`. */
export function action(args: Route.ActionArgs) {
  return approvalQueueAction(args);
}

export default function CompanyApprovalsRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "companyAdmin");
  const { t } = useTranslation();
  const { items, waiting } = loaderData;
  const result = actionData as ApprovalResult | undefined;
  return (
    <DashboardLayout wide>
      <h1 className="text-3xl font-bold">{t("companyAdmin.approvals.title")}</h1>
      <p className="mt-2 mb-6 muted">{t("companyAdmin.approvals.description")}</p>
      {waiting.new > waiting.shown || waiting.edit > waiting.shown ? (
        <p className="mb-4 font-medium" data-testid="queue-waiting">
          {t("companyAdmin.approvals.waiting", {
            news: t("companyAdmin.approvals.waitingNew", { count: waiting.new }),
            edits: t("companyAdmin.approvals.waitingEdits", { count: waiting.edit }),
            shown: waiting.shown,
          })}
        </p>
      ) : null}
      {result?.success ? (
        <div className="mb-4">
          <SuccessMessage>{result.message}</SuccessMessage>
        </div>
      ) : result && result.intent === "approve" ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {result.message}
        </p>
      ) : null}
      {items.length === 0 ? <p>{t("companyAdmin.approvals.empty")}</p> : null}
      <ul className="space-y-8">
        {items.map((item) => (
          <ApprovalItem
            key={`${item.kind}-${item.companyId}`}
            item={item}
            result={result && result.companyId === String(item.companyId) && result.intent === "reject" ? result : undefined}
          />
        ))}
      </ul>
    </DashboardLayout>
  );
}
