// The administrator's forms of a company's edit page: its labels and visibility (intent=flags)
// and its sponsored periods (intent=sponsor, unsponsor).
import { Form } from "react-router";
import { CheckboxField, ErrorSummary, Field, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { SponsorshipSection, type SponsoredPeriod } from "./sponsorship-section";

export function CompanyFlagsForm({ result, company }: { result: FormResult | undefined; company: { verified: boolean; selfManaged: boolean; publishState: string } }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "flags", result });
  const canToggle = company.publishState === "published" || company.publishState === "unpublished";
  return (
    <section aria-labelledby="flags-title" className="mt-10 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="flags-title" className="text-xl font-semibold">
        {t("companyAdmin.flags.title")}
      </h2>
      <div className="my-3 empty:hidden">
        {f.succeeded && result?.success ? <SuccessMessage ref={f.successRef}>{result.message}</SuccessMessage> : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      <Form method="post" className="space-y-4" {...f.formProps}>
        <CsrfInput />
        <input type="hidden" name="intent" value="flags" />
        <CheckboxField id="flags-verified" name="verified" defaultChecked={company.verified} label={t("companyAdmin.flags.verified")} />
        <CheckboxField id="flags-selfManaged" name="selfManaged" defaultChecked={company.selfManaged} label={t("companyAdmin.flags.selfManaged")} />
        {canToggle ? (
          <Field
            {...f.field("visible")}
            label={t("companyAdmin.flags.visible")}
            control={(aria) => (
              <select {...aria} name="visible" className="field-input" defaultValue={company.publishState}>
                <option value="published">{t("companyAdmin.flags.published")}</option>
                <option value="unpublished">{t("companyAdmin.flags.unpublished")}</option>
              </select>
            )}
          />
        ) : null}
        <SubmitButton pending={f.pending}>{t("companyAdmin.flags.submit")}</SubmitButton>
      </Form>
    </section>
  );
}

export function CompanySponsorForm({ result, periods }: { result: FormResult | undefined; periods: SponsoredPeriod[] }) {
  const { t } = useTranslation();
  return (
    <SponsorshipSection texts="companyAdmin.sponsor" result={result} endable={periods.some((p) => p.state !== "past")}>
      <h3 className="font-semibold">{t("companyAdmin.sponsor.periods")}</h3>
      {periods.length ? (
        <ul className="list-disc pl-5">
          {periods.map((p, i) => (
            <li key={i}>
              {p.from} – {p.until}
              {p.state === "current" ? ` ${t("companyAdmin.sponsor.current")}` : p.state === "upcoming" ? ` ${t("companyAdmin.sponsor.upcoming")}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("companyAdmin.sponsor.none")}</p>
      )}
    </SponsorshipSection>
  );
}
