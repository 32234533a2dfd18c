import { useFetcher } from "react-router";
import { PROVINCES } from "../../../common/provinces";
import { REMINDER_KEEP_AFTER_SENT_DAYS, type ReminderDefaults } from "../../../common/reminders";
import { CheckboxField, EMAIL_INPUT, ErrorSummary, Field, schemaCheck, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

const checkGuest = schemaCheck(() => import("../../../common/forms/reminders").then((m) => m.reminderFormSchema(true)), ["endsOn", "provinceCode", "email", "consent"]);
const checkAccount = schemaCheck(() => import("../../../common/forms/reminders").then((m) => m.reminderFormSchema(false)), ["endsOn", "provinceCode"]);

/**
 * "Remind me before my commitment ends": the end date, the province, and a guest's address with
 * consent. A fetcher form to the package page's action (intent "reminder"); without JavaScript it
 * posts the page and `initial` is the page's answer.
 */
export function ReminderForm({ defaults, initial }: { defaults: ReminderDefaults; initial?: FormResult }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormResult>();
  const guest = defaults.accountEmail === null;
  const f = useFormFeedback({
    id: "reminder",
    result: fetcher.data ?? (initial?.intent === "reminder" ? initial : undefined),
    check: guest ? checkGuest : checkAccount,
    send: (form) => void fetcher.submit(form, { method: "post" }),
    fetcherState: fetcher.state,
  });
  const result = fetcher.data ?? initial;
  const endsOn = f.field("endsOn");
  const province = f.field("provinceCode");
  const provinceValue = typeof province.defaultValue === "string" ? province.defaultValue : defaults.provinceCode ? String(defaults.provinceCode) : "";
  return (
    <section aria-labelledby="reminder-title" className="mt-8 rounded-lg border border-slate-300 p-4 print:hidden dark:border-slate-600" data-testid="reminder-form">
      <h2 id="reminder-title" className="text-xl font-semibold">
        {t("packages.reminder.title")}
      </h2>
      <p className="mt-2 text-sm">{t("packages.reminder.lead")}</p>
      {f.succeeded && result?.success ? (
        <div className="mt-3" data-testid="reminder-success">
          <SuccessMessage ref={f.successRef}>{result.message}</SuccessMessage>
        </div>
      ) : (
        <fetcher.Form method="post" className="mt-3 space-y-3" {...f.formProps}>
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <input type="hidden" name="intent" value="reminder" />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              {...endsOn}
              defaultValue={typeof endsOn.defaultValue === "string" ? endsOn.defaultValue : defaults.endsOn}
              label={t("packages.reminder.endsOn")}
              hint={t("packages.reminder.endsOnHint")}
              autoComplete="off"
              maxLength={20}
              required
            />
            <Field
              {...province}
              label={t("packages.reminder.province")}
              hint={t("packages.reminder.provinceHint")}
              control={(aria) => (
                <select {...aria} name="provinceCode" defaultValue={provinceValue} required className="field-input">
                  <option value="">{t("packages.reminder.chooseProvince")}</option>
                  {PROVINCES.map(([code, , value]) => (
                    <option key={code} value={String(code)}>
                      {value}
                    </option>
                  ))}
                </select>
              )}
            />
          </div>
          {guest ? (
            <>
              <Field {...f.field("email")} {...EMAIL_INPUT} label={t("packages.reminder.email")} autoComplete="email" maxLength={254} required />
              <CheckboxField {...f.field("consent")} label={t("packages.reminder.consent", { days: REMINDER_KEEP_AFTER_SENT_DAYS })} required />
            </>
          ) : (
            <>
              <p className="text-sm" data-testid="reminder-account-email">
                {t("packages.reminder.accountEmail", { email: defaults.accountEmail ?? "" })}
              </p>
              <p className="text-xs">{t("packages.reminder.accountConsent", { days: REMINDER_KEEP_AFTER_SENT_DAYS })}</p>
            </>
          )}
          <SubmitButton pending={f.pending} className="btn-primary">
            {t("packages.reminder.submit")}
          </SubmitButton>
        </fetcher.Form>
      )}
    </section>
  );
}
