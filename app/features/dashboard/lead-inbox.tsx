// The lead inbox of a company (isletme/talepler/:id): its requests, each with the form that
// works it, where they are delivered, and the webhook test.
import { Form } from "react-router";
import type { InboxLead } from "../../../common/package-types";
import { LEAD_BOUNDS, LEAD_STATES, WEBHOOK_FAILURES, type WebhookFailure } from "../../../common/packages";
import { CheckboxField, ErrorSummary, Field, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

/** A request as the inbox lists it: the stored lead and when it came, in words. */
export type LeadView = InboxLead & { received: string };

/** The answer of the page's forms: a lead's update names its lead; a new webhook secret is shown once. */
export type LeadInboxResult = FormResult & { leadId?: number; secret?: string };

const isWebhookFailure = (text: string): text is WebhookFailure => (WEBHOOK_FAILURES as readonly string[]).includes(text);

export function LeadCard({ lead, result }: { lead: LeadView; result: LeadInboxResult | undefined }) {
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
              {lead.flat.address} <span className="text-sm muted">({t("packages.inbox.flatCode", { code: lead.flat.code })})</span>
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

export function DeliverySettingsForm({ result, settings, companyEmail }: { result: LeadInboxResult | undefined; settings: { mail: string; webhookUrl: string; hasSecret: boolean }; companyEmail: string | null }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "delivery", result });
  return (
    <section aria-labelledby="delivery-title" className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="delivery-title" className="text-xl font-semibold">
        {t("packages.inbox.settings.title")}
      </h2>
      <p className="mt-1 text-sm muted">{t("packages.inbox.settings.description")}</p>
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

export function WebhookTestForm({ result, enabled }: { result: LeadInboxResult | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "webhook-test", result });
  return (
    <section aria-labelledby="webhook-test-title" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="webhook-test-title" className="text-xl font-semibold">
        {t("packages.inbox.test.title")}
      </h2>
      <p className="mt-1 text-sm muted">{enabled ? t("packages.inbox.test.description") : t("packages.inbox.noWebhook")}</p>
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
