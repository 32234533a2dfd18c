// The administrators' sponsorship section of a dashboard edit page (a company's or a package's):
// the form that sets a period (intent=sponsor) and the one that ends it now (intent=unsponsor).
// What is listed between them (a company's periods, a package's one period) is the page's.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorSummary, Field, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

/** The locale namespace of the section's texts: title, description, from, until, submit, end, endHint. */
export type SponsorshipTexts = "companyAdmin.sponsor" | "packages.sponsor";

/** A sponsored period as the page shows it: UTC days (as they were entered), `until` inclusive. */
export interface SponsoredPeriod {
  from: string;
  until: string;
  state: "past" | "current" | "upcoming";
}

export function SponsorshipSection({
  texts,
  result,
  endable,
  cannotSet,
  testId,
  children,
}: {
  texts: SponsorshipTexts;
  result: FormResult | undefined;
  /** A running or upcoming period exists, so "end it now" is offered. */
  endable: boolean;
  /** Why no period can be set (shown instead of the form), or undefined when one can. */
  cannotSet?: string;
  testId?: string;
  /** The periods as the page lists them (above the form). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "sponsor", result });
  return (
    <section aria-labelledby="sponsor-title" className="mt-10 rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid={testId}>
      <h2 id="sponsor-title" className="text-xl font-semibold">
        {t(`${texts}.title`)}
      </h2>
      <p className="mt-1 text-sm muted">{t(`${texts}.description`)}</p>
      <div className="my-3 empty:hidden">
        {f.succeeded && result?.success ? <SuccessMessage ref={f.successRef}>{result.message}</SuccessMessage> : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      <div className="mt-3">{children}</div>
      {cannotSet ? (
        <p className="mt-3 text-sm">{cannotSet}</p>
      ) : (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-4" {...f.formProps}>
          <CsrfInput />
          <input type="hidden" name="intent" value="sponsor" />
          <Field {...f.field("from")} type="date" required label={t(`${texts}.from`)} />
          <Field {...f.field("until")} type="date" required label={t(`${texts}.until`)} />
          <SubmitButton pending={f.pending}>{t(`${texts}.submit`)}</SubmitButton>
        </Form>
      )}
      {endable ? (
        <Form method="post" className="mt-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="unsponsor" />
          <p className="mb-2 text-sm muted">{t(`${texts}.endHint`)}</p>
          <button type="submit" className="btn-ghost border border-slate-300 dark:border-slate-600">
            {t(`${texts}.end`)}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
