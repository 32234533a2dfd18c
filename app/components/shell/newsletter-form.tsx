import { useFetcher } from "react-router";
import { usePaths } from "../../lib/paths";
import { CheckboxField, EMAIL_INPUT, ErrorSummary, Field, schemaCheck, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../forms";
import { CsrfInput } from "../ui/csrf-input";
import { ArrowRight } from "../ui/icons";
import { useTranslation } from "../../lib/i18n";

export type NewsletterActionData = FormResult;

const check = schemaCheck(() => import("../../../common/forms/newsletter").then((m) => m.newsletterSchema), ["email", "emailCheckbox"]);

/**
 * Footer newsletter block: e-mail, consent, then the button (in that Tab order). Checked in the
 * browser with the server's schema (loaded on the first submit: the footer is on every page),
 * sent as a fetcher submission; a wrong field takes the focus, and on success the message
 * replaces the form and takes it.
 */
export function NewsletterForm({
  idPrefix = "newsletter",
  initial,
}: {
  idPrefix?: string;
  /** The failed answer of a submission made without JavaScript. */
  initial?: NewsletterActionData;
}) {
  const { t } = useTranslation();
  const paths = usePaths();
  const fetcher = useFetcher<NewsletterActionData>();
  const f = useFormFeedback({
    id: idPrefix,
    result: fetcher.data ?? initial,
    check,
    send: (form) => void fetcher.submit(form),
    focus: "field",
    fetcherState: fetcher.state,
  });

  if (f.succeeded) {
    return (
      <div className="text-sm">
        <SuccessMessage ref={f.successRef}>{t("newsletter.success")}</SuccessMessage>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action={paths.newsletter()} className="space-y-3" {...f.formProps}>
      <ErrorSummary ref={f.summaryRef} {...f.summary} />
      <CsrfInput />
      <Field {...f.field("email")} {...EMAIL_INPUT} label={t("newsletter.email")} autoComplete="email" maxLength={100} />
      <CheckboxField {...f.field("emailCheckbox")} label={t("newsletter.consent")} />
      <SubmitButton pending={f.pending} className="btn-primary inline-flex items-center gap-2">
        {t("newsletter.submit")}
        <ArrowRight aria-hidden="true" className="size-5" />
      </SubmitButton>
    </fetcher.Form>
  );
}
