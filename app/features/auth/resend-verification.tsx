import { Form } from "react-router";
import { ErrorSummary, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

/** For an unverified address: a button that sends the verification mail again (the page's action). */
export function ResendVerification({ result }: { result?: FormResult & { email?: string } }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "verify", result });
  return (
    <div className="mt-2 space-y-2">
      {f.succeeded && result?.success ? <SuccessMessage ref={f.successRef}>{t("auth.verify.resent", { email: result.email })}</SuccessMessage> : null}
      <ErrorSummary ref={f.summaryRef} {...f.summary} />
      <p className="text-sm muted">{t("auth.verify.notVerifiedLead")}</p>
      <Form method="post" {...f.formProps}>
        <CsrfInput />
        <input type="hidden" name="intent" value="resendVerification" />
        <SubmitButton pending={f.pending} className="btn-ghost">
          {t("auth.verify.resend")}
        </SubmitButton>
      </Form>
    </div>
  );
}
