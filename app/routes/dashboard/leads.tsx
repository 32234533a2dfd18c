import { data, Form } from "react-router";
import { LEAD_INBOX_INTENTS, type LeadInboxIntent } from "../../../common/forms/leads";
import { formatDateTime } from "../../../common/format";
import { LEAD_BOUNDS, LEAD_STATES, WEBHOOK_FAILURES, type WebhookFailure } from "../../../common/packages";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { getDeliverySettings, listCompanyLeads, sendTestWebhook, setDeliverySettings, updateLead, webhookAnswerMessage } from "../../../server/leads/inbox";
import { parseDashboardId } from "../../../server/packages/dashboard-ids";
import { loaderId, pageError } from "../../../server/http/pages/page-errors";
import { AppError } from "../../../server/platform/app-error";
import { CheckboxField, ErrorSummary, Field, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { privatePageHeaders } from "../../lib/headers";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
/** Personal data: never stored by any cache (private, no-store). */
export const headers: Route.HeadersFunction = privatePageHeaders;

/** isletme/talepler/:id: a company's subscription and call-me requests and where they are delivered; its owner or an administrator. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePageCorporate(context, request);
  const t = getT(context.locale);
  const companyId = loaderId(params.id);
  const settings = await getDeliverySettings(context.app, context, { companyId }).catch(pageError);
  const leads = await listCompanyLeads(context.app, context, { companyId, limit: 200 }).catch(pageError);
  return {
    seo: { title: `${t("packages.inbox.title")}: ${settings.companyName}`, description: t("packages.inbox.description"), index: false },
    company: { id: companyId, name: settings.companyName, email: settings.companyEmail },
    settings: { mail: settings.mail ?? "", webhookUrl: settings.webhookUrl ?? "", hasSecret: settings.hasSecret },
    leads: leads.map((l) => ({ ...l, received: formatDateTime(l.createdAt) })),
  };
}

type ActionData = FormResult & { leadId?: number; secret?: string };

/** intent=updateLead (leadId, state, notes) | settings (mail, webhookUrl, rotateSecret) | testWebhook. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requirePageCorporate(context, request);
  let intent: LeadInboxIntent | undefined;
  let leadId: number | undefined;
  let values: Record<string, string> = {};
  try {
    const form = await readVerifiedForm(request, context);
    const raw = form.get("intent");
    intent = LEAD_INBOX_INTENTS.find((i) => i === raw);
    if (!intent) throw new AppError("E_BAD_REQUEST", "packages.dashboard.unknownIntent");
    const companyId = parseDashboardId(params.id);
    const t = getT(context.locale);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : undefined;
    };
    if (intent === "updateLead") {
      const rawLead = text("leadId");
      leadId = /^[1-9]\d{0,8}$/.test(rawLead ?? "") ? Number(rawLead) : undefined;
      values = { state: (text("state") ?? "").slice(0, 20), notes: (text("notes") ?? "").slice(0, LEAD_BOUNDS.note.max + 100) };
      await updateLead(context.app, context, { leadId: parseDashboardId(rawLead, "lead"), companyId, input: { state: form.get("state") ?? undefined, notes: form.get("notes") ?? undefined } });
      return data<ActionData>({ success: true, intent, leadId, message: t("packages.inbox.updated") });
    }
    if (intent === "settings") {
      values = { mail: (text("mail") ?? "").slice(0, 300), webhookUrl: (text("webhookUrl") ?? "").slice(0, 600) };
      const saved = await setDeliverySettings(context.app, context, {
        companyId,
        input: { mail: form.get("mail") ?? undefined, webhookUrl: form.get("webhookUrl") ?? undefined },
        rotateSecret: form.get("rotateSecret") === "on",
      });
      // The secret is shown once, when it is made; the page never shows it again.
      return data<ActionData>({ success: true, intent, message: t("packages.inbox.settings.saved"), ...(saved.secretIsNew && saved.webhookSecret ? { secret: saved.webhookSecret } : {}) });
    }
    const answer = await sendTestWebhook(context.app, context, { companyId });
    const message = webhookAnswerMessage(context.locale, answer);
    return data<ActionData>(answer.ok ? { success: true, intent, message } : { success: false, intent, message });
  } catch (err) {
    const answer = formFailure(err, context);
    return data<ActionData>({ ...answer.data, intent, leadId, values }, answer.init ?? undefined);
  }
}

type LeadView = Awaited<ReturnType<typeof loader>>["leads"][number];

const isWebhookFailure = (text: string): text is WebhookFailure => (WEBHOOK_FAILURES as readonly string[]).includes(text);

function LeadCard({ lead, result }: { lead: LeadView; result: ActionData | undefined }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: `lead-${lead.id}`, result });
  const titleId = `lead-${lead.id}-title`;
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-lg font-semibold">
        {lead.reference} · {lead.kind === "subscribe" ? t("packages.inbox.kindSubscribe") : t("packages.inbox.kindCallMe")}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t("packages.inbox.package")}</dt>
        <dd>{lead.packageTitle ?? t("packages.inbox.noPackage")}</dd>
        <dt className="font-medium">{t("packages.inbox.flat")}</dt>
        <dd data-testid="lead-flat">
          {lead.flat ? (
            <>
              {lead.flat.address} <span className="text-sm text-slate-700 dark:text-slate-300">({t("packages.inbox.flatCode", { code: lead.flat.code })})</span>
            </>
          ) : (
            t("packages.inbox.noFlat")
          )}
        </dd>
        <dt className="font-medium">{t("packages.inbox.callback")}</dt>
        <dd data-testid="lead-callback">{t(`packages.leads.slots.${lead.callbackSlot}`)}</dd>
        <dt className="font-medium">{t("packages.inbox.name")}</dt>
        <dd>{lead.name}</dd>
        <dt className="font-medium">{t("packages.inbox.phone")}</dt>
        <dd>
          <a href={`tel:${lead.phone}`}>{lead.phone}</a>
        </dd>
        <dt className="font-medium">{t("packages.inbox.received")}</dt>
        <dd>{lead.received}</dd>
        <dt className="font-medium">{t("packages.inbox.state")}</dt>
        <dd>{t(`packages.inbox.states.${lead.state}`)}</dd>
        <dt className="font-medium">{t("packages.inbox.delivery")}</dt>
        <dd>
          {lead.deliveries.length === 0 ? (
            t("packages.inbox.noDelivery")
          ) : (
            <ul>
              {lead.deliveries.map((d) => (
                <li key={d.channel}>
                  {`${t(`packages.inbox.channels.${d.channel}`)}: ${t(`packages.inbox.deliveryStates.${d.state}`)}${d.attempts > 0 ? ` (${t("packages.inbox.attempts", { count: d.attempts })})` : ""}`}
                  {d.state !== "delivered" && d.lastError ? (
                    <span className="block text-xs break-all">
                      {/* A webhook's failure is kept as its class (server/leads/webhook.ts): said in words. */}
                      {isWebhookFailure(d.lastError) ? t(`packages.inbox.webhookFailures.${d.lastError}`, { status: d.lastStatus ?? 0 }) : d.lastError}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <div className="mt-3 empty:hidden">
        {f.succeeded && result?.success ? <SuccessMessage ref={f.successRef}>{result.message}</SuccessMessage> : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr]" {...f.formProps}>
        <CsrfInput />
        <input type="hidden" name="intent" value="updateLead" />
        <input type="hidden" name="leadId" value={lead.id} />
        <Field
          {...f.field("state")}
          label={t("packages.inbox.state")}
          control={(aria) => (
            <select {...aria} name="state" className="field-input" defaultValue={f.values.state ?? lead.state}>
              {LEAD_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`packages.inbox.states.${s}`)}
                </option>
              ))}
            </select>
          )}
        />
        <Field {...f.field("notes")} defaultValue={f.values.notes ?? lead.notes ?? ""} optional multiline rows={2} maxLength={LEAD_BOUNDS.note.max} label={t("packages.inbox.notes")} />
        <div className="sm:col-span-2">
          <SubmitButton pending={f.pending}>{t("packages.inbox.save")}</SubmitButton>
        </div>
      </Form>
    </li>
  );
}

function SettingsForm({ result, settings, companyEmail }: { result: ActionData | undefined; settings: { mail: string; webhookUrl: string; hasSecret: boolean }; companyEmail: string | null }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "delivery", result });
  return (
    <section aria-labelledby="delivery-title" className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="delivery-title" className="text-xl font-semibold">
        {t("packages.inbox.settings.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("packages.inbox.settings.description")}</p>
      <div className="my-3 empty:hidden">
        {f.succeeded && result?.success ? (
          <SuccessMessage ref={f.successRef}>
            {result.message}
            {result.secret ? (
              <span className="mt-2 block">
                {t("packages.inbox.settings.secretOnce")} <code className="break-all select-all">{result.secret}</code>
              </span>
            ) : null}
          </SuccessMessage>
        ) : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      <Form method="post" className="space-y-4" {...f.formProps}>
        <CsrfInput />
        <input type="hidden" name="intent" value="settings" />
        <Field
          {...f.field("mail")}
          defaultValue={f.values.mail ?? settings.mail}
          optional
          type="email"
          maxLength={254}
          autoComplete="email"
          label={t("packages.inbox.settings.mail")}
          hint={companyEmail ? t("packages.inbox.settings.mailHint", { email: companyEmail }) : t("packages.inbox.settings.mailHintNone")}
        />
        <Field
          {...f.field("webhookUrl")}
          defaultValue={f.values.webhookUrl ?? settings.webhookUrl}
          optional
          type="url"
          maxLength={500}
          label={t("packages.inbox.settings.webhookUrl")}
          hint={t("packages.inbox.settings.webhookHint")}
        />
        {settings.hasSecret ? <CheckboxField id="delivery-rotateSecret" name="rotateSecret" label={t("packages.inbox.settings.rotate")} /> : null}
        <SubmitButton pending={f.pending}>{t("packages.inbox.settings.submit")}</SubmitButton>
      </Form>
    </section>
  );
}

function TestForm({ result, enabled }: { result: ActionData | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "webhook-test", result });
  return (
    <section aria-labelledby="webhook-test-title" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="webhook-test-title" className="text-xl font-semibold">
        {t("packages.inbox.test.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{enabled ? t("packages.inbox.test.description") : t("packages.inbox.noWebhook")}</p>
      <div className="my-3 empty:hidden" aria-live="polite">
        {f.succeeded && result?.success ? <SuccessMessage ref={f.successRef}>{result.message}</SuccessMessage> : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      {enabled ? (
        <Form method="post" {...f.formProps}>
          <CsrfInput />
          <input type="hidden" name="intent" value="testWebhook" />
          <SubmitButton pending={f.pending}>{t("packages.inbox.test.submit")}</SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

export default function LeadInboxRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { company, settings, leads } = loaderData;
  const result = actionData as ActionData | undefined;
  return (
    <DashboardLayout>
      <p className="mb-2">
        <PageLink to={paths.packageDashboardList(String(company.id))}>{t("packages.inbox.back", { company: company.name })}</PageLink>
      </p>
      <h1 className="text-3xl font-bold">
        {t("packages.inbox.title")}: {company.name}
      </h1>
      <p className="mt-2 mb-6 text-slate-700 dark:text-slate-300">{t("packages.inbox.description")}</p>
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
      <SettingsForm result={result?.intent === "settings" ? result : undefined} settings={settings} companyEmail={company.email} />
      <TestForm key={settings.webhookUrl} result={result?.intent === "testWebhook" ? result : undefined} enabled={settings.webhookUrl !== ""} />
    </DashboardLayout>
  );
}
