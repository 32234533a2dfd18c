import { ArrowRight } from "../../components/ui/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useFetcher } from "react-router";
import { paths } from "../../../common/paths";
import { toValidationErrors, type ValidationErrors } from "../../../common/validation/messages";
import { CsrfInput } from "../../components/ui/csrf-input";

export interface NewsletterActionData {
  success: boolean;
  errors?: ValidationErrors;
  message?: string;
}

/**
 * Footer newsletter block: e-mail and consent, sent by Enter or the arrow button. Checked in the
 * browser with the same schema the server uses; on success the message replaces the form.
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
  const fetcher = useFetcher<NewsletterActionData>();
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<ValidationErrors>(initial?.errors ?? {});
  const saved = fetcher.data?.success === true;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.success) setEmail("");
    else setErrors(fetcher.data.errors ?? {});
  }, [fetcher.state, fetcher.data]);

  if (saved) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
        {t("newsletter.success")}
      </p>
    );
  }

  const emailId = `${idPrefix}-email`;
  const consentId = `${idPrefix}-consent`;
  const failed = fetcher.data ?? initial;
  const formError = failed && !failed.success && !failed.errors ? failed.message : undefined;
  return (
    <fetcher.Form
      method="post"
      action={paths.newsletter()}
      noValidate
      onSubmit={(e) => {
        // Checked with the server's schema, loaded on the first submit rather than with every
        // page (the footer is everywhere); then sent as a fetcher submission.
        e.preventDefault();
        const formElement = e.currentTarget;
        const form = new FormData(formElement);
        void import("../../../common/forms/newsletter").then(({ newsletterSchema }) => {
          const parsed = newsletterSchema.safeParse({
            email: form.get("email"),
            emailCheckbox: form.get("emailCheckbox") ?? undefined,
          });
          if (!parsed.success) return setErrors(toValidationErrors(parsed.error));
          setErrors({});
          void fetcher.submit(formElement);
        });
      }}
    >
      <CsrfInput />
      <label htmlFor={emailId} className="field-label">
        {t("newsletter.email")}
      </label>
      <div className="flex gap-2">
        <input
          id={emailId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          className="field-input"
          maxLength={100}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
        />
        <button type="submit" className="btn-primary shrink-0 px-3" aria-label={t("newsletter.submit")}>
          <ArrowRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      {errors.email ? (
        <p id={`${emailId}-error`} className="field-error">
          {t(errors.email.key, errors.email.params)}
        </p>
      ) : null}
      <div className="mt-3 flex items-start gap-2">
        <input
          id={consentId}
          name="emailCheckbox"
          type="checkbox"
          className="mt-1 size-4 shrink-0"
          aria-invalid={errors.emailCheckbox ? true : undefined}
          aria-describedby={errors.emailCheckbox ? `${consentId}-error` : undefined}
        />
        <label htmlFor={consentId} className="text-sm">
          {t("newsletter.consent")}
        </label>
      </div>
      {errors.emailCheckbox ? (
        <p id={`${consentId}-error`} className="field-error">
          {t(errors.emailCheckbox.key, errors.emailCheckbox.params)}
        </p>
      ) : null}
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
