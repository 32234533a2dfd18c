import { useFetcher } from "react-router";
import type { LeadIntent } from "../../../common/forms/leads";
import { CALLBACK_SLOTS } from "../../../common/packages";
import { CheckboxField, ErrorSummary, Field, schemaCheck, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

const checks = {
  subscribe: schemaCheck(() => import("../../../common/forms/leads").then((m) => m.subscribeSchema), ["firstName", "lastName", "phone", "consent", "slot"]),
  callMe: schemaCheck(() => import("../../../common/forms/leads").then((m) => m.callMeSchema), ["fullName", "phone", "slot"]),
};

/** The flat a request is for, as the package page read it from the infrastructure source. */
export interface LeadFormFlat {
  code: number;
  address: string;
  /** The page without the flat: the link that takes it off the request. */
  removeHref: string;
}

/**
 * The subscribe form (name, surname, phone, consent) or the call-me form (full name, phone), each
 * with the call-back slot and, when the page came from the infrastructure answer, the flat (its
 * address shown, its code sent in a hidden field; the server reads the address again), as
 * a fetcher form to `action` (the package page, or a company profile) with `intent`. Without
 * JavaScript it posts the page and `initial` is the page's answer. On success the message with
 * the reference number replaces the form. `stacked`: the name fields one under the other (a
 * narrow column, the profile's side column).
 */
export function LeadForm({
  intent,
  companyName,
  action,
  initial,
  stacked = false,
  flat = null,
}: {
  intent: LeadIntent;
  companyName: string;
  action?: string;
  initial?: FormResult;
  stacked?: boolean;
  flat?: LeadFormFlat | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormResult>();
  const id = `lead-${intent}`;
  const f = useFormFeedback({
    id,
    result: fetcher.data ?? (initial?.intent === intent ? initial : undefined),
    check: checks[intent],
    send: (form) => void fetcher.submit(form, { method: "post", action }),
    fetcherState: fetcher.state,
  });
  const titleId = `${id}-title`;
  const result = fetcher.data ?? initial;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-300 p-4 dark:border-slate-600" data-testid={`${id}-form`}>
      <h2 id={titleId} className="text-xl font-semibold">
        {intent === "subscribe" ? t("packages.leads.subscribeTitle") : t("packages.leads.callMeTitle")}
      </h2>
      {f.succeeded && result?.success ? (
        <div className="mt-3" data-testid={`${id}-success`}>
          <SuccessMessage ref={f.successRef}>{result.message}</SuccessMessage>
        </div>
      ) : (
        <fetcher.Form method="post" action={action} className="mt-3 space-y-3" {...f.formProps}>
          <p className="text-sm">
            {intent === "subscribe" ? t("packages.leads.subscribeIntro", { company: companyName }) : t("packages.leads.callMeIntro", { company: companyName })}
          </p>
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <input type="hidden" name="intent" value={intent} />
          {flat ? (
            <div id={`${id}-flat`} tabIndex={-1} className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-600 dark:bg-slate-800" data-testid={`${id}-flat`}>
              <input type="hidden" name="flat" value={String(flat.code)} />
              <p className="font-medium">{t("packages.leads.flat.for", { address: flat.address })}</p>
              <p className="mt-1">
                <a href={flat.removeHref} data-testid={`${id}-flat-remove`}>
                  {t("packages.leads.flat.remove")}
                </a>
              </p>
            </div>
          ) : null}
          {intent === "subscribe" ? (
            <div className={stacked ? "grid gap-3" : "grid gap-3 sm:grid-cols-2"}>
              <Field {...f.field("firstName")} label={t("packages.leads.firstName")} autoComplete="given-name" maxLength={60} />
              <Field {...f.field("lastName")} label={t("packages.leads.lastName")} autoComplete="family-name" maxLength={60} />
            </div>
          ) : (
            <Field {...f.field("fullName")} label={t("packages.leads.fullName")} autoComplete="name" maxLength={120} />
          )}
          <Field {...f.field("phone")} type="tel" label={t("packages.leads.phone")} hint={t("packages.leads.phoneHint")} autoComplete="tel" inputMode="tel" maxLength={25} />
          <Field
            {...f.field("slot")}
            label={t("packages.leads.slot")}
            control={(aria) => (
              <select {...aria} name="slot" className="field-input" defaultValue={f.values.slot ?? "any"}>
                {CALLBACK_SLOTS.map((slot) => (
                  <option key={slot} value={slot}>
                    {t(`packages.leads.slots.${slot}`)}
                  </option>
                ))}
              </select>
            )}
          />
          {intent === "subscribe" ? (
            <CheckboxField
              {...f.field("consent")}
              label={flat ? t("packages.leads.consentWithFlat", { company: companyName }) : t("packages.leads.consent", { company: companyName })}
            />
          ) : (
            <p className="text-xs">{flat ? t("packages.leads.callMeConsentWithFlat", { company: companyName }) : t("packages.leads.callMeConsent", { company: companyName })}</p>
          )}
          <SubmitButton pending={f.pending} className="btn-primary">
            {intent === "subscribe" ? t("packages.leads.send") : t("packages.leads.sendCallMe")}
          </SubmitButton>
        </fetcher.Form>
      )}
    </section>
  );
}
