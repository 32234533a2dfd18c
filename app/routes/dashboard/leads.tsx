import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { LeadCard, DeliverySettingsForm, WebhookTestForm, type LeadInboxResult } from "../../features/dashboard/lead-inbox";
import { privatePageHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { leadInboxAction, leadInboxPage } from "./leads.server";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
/** Personal data: never stored by any cache (private, no-store). */
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/talepler/:id: a company's subscription and call-me requests and where they are delivered; its owner or an administrator. */
export function loader(args: Route.LoaderArgs) {
  return leadInboxPage(args);
}

/** intent=updateLead (leadId, state, notes) | settings (mail, webhookUrl, rotateSecret) | testWebhook. */
export function action(args: Route.ActionArgs) {
  return leadInboxAction(args);
}

export default function LeadInboxRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "companyAdmin", "packages");
  const { t } = useTranslation();
  const paths = usePaths();
  const { company, settings, leads } = loaderData;
  const result = actionData as LeadInboxResult | undefined;
  return (
    <DashboardLayout>
      <p className="mb-2">
        <PageLink to={paths.packageDashboardList(String(company.id))}>{t("packages.inbox.back", { company: company.name })}</PageLink>
      </p>
      <h1 className="text-3xl font-bold">
        {t("packages.inbox.title")}: {company.name}
      </h1>
      <p className="mt-2 mb-6 muted">{t("packages.inbox.description")}</p>
      {result && !result.success && (result.intent === undefined || (result.intent === "updateLead" && !leads.some((l) => l.id === result.leadId))) ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {result.message}
        </p>
      ) : null}
      <section aria-labelledby="leads-title">
        <h2 id="leads-title" className="text-xl font-semibold">
          {t("packages.inbox.listTitle", { count: leads.length })}
        </h2>
        {leads.length === 0 ? (
          <p className="mt-2">{t("packages.inbox.empty")}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {leads.map((lead) => (
              <LeadCard key={`${lead.id}-${lead.state}-${lead.notes ?? ""}`} lead={lead} result={result?.intent === "updateLead" && result.leadId === lead.id ? result : undefined} />
            ))}
          </ul>
        )}
      </section>
      <DeliverySettingsForm result={result?.intent === "settings" ? result : undefined} settings={settings} companyEmail={company.email} />
      <WebhookTestForm key={settings.webhookUrl} result={result?.intent === "testWebhook" ? result : undefined} enabled={settings.webhookUrl !== ""} />
    </DashboardLayout>
  );
}
