import { useId, type Ref } from "react";
import type { useFormFeedback } from "./use-form-feedback";
import type { ValidationErrors } from "../../../common/validation/messages";
import { useTranslation } from "../../lib/i18n";

/**
 * The form's error summary: a focusable alert listing each field's message as a link to the
 * field, and the form-level message (wrong password, rate limit, expired page) once. Rendered
 * only when there is something to say; the form's hook focuses it after a failed submit.
 */
export function ErrorSummary({
  ref,
  formId,
  errors,
  message,
}: {
  ref: Ref<HTMLDivElement>;
  formId: string;
  errors: ValidationErrors;
  message?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const entries = Object.entries(errors);
  if (!entries.length && !message) return null;
  // Only a form-level message (wrong password, rate limit): the message alone is the alert.
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby={entries.length ? titleId : undefined}
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 outline-offset-2 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {entries.length ? (
        <p id={titleId} className="font-semibold">
          {t("forms.summaryTitle")}
        </p>
      ) : null}
      {message ? (
        <p className={entries.length ? "mt-1" : undefined} data-form-message="">
          {message}
        </p>
      ) : null}
      {entries.length ? (
        <ul className="mt-1 list-disc pl-5">
          {entries.map(([name, e]) => (
            <li key={name}>
              <a href={`#${formId}-${name}`} className="text-red-900 dark:text-red-100">
                {t(e.key, e.params)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The message after a success; focusable, so the hook can move focus to it. */
export function SuccessMessage({ ref, children }: { ref?: Ref<HTMLDivElement>; children: React.ReactNode }) {
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="rounded-lg bg-green-50 p-3 text-green-900 outline-offset-2 dark:bg-green-950 dark:text-green-100"
    >
      {children}
    </div>
  );
}

/** A submit button that says it is busy while its own form is on its way. */
export function SubmitButton({
  pending,
  children,
  className = "btn-primary",
  name,
  value,
  ...rest
}: { pending: boolean; children: React.ReactNode; className?: string; name?: string; value?: string } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "disabled"
>) {
  const { t } = useTranslation();
  return (
    <button {...rest} type="submit" className={className} name={name} value={value} disabled={pending}>
      {pending ? t("forms.sending") : children}
    </button>
  );
}

/**
 * Above a long form: its success message (when `successText` is given and the last submit
 * succeeded) and its error summary, each taking the focus as useFormFeedback decides.
 */
export function FormMessages({ feedback, successText }: { feedback: ReturnType<typeof useFormFeedback>; successText?: string | null }) {
  return (
    <div className="mb-4 empty:hidden">
      {feedback.succeeded && successText ? <SuccessMessage ref={feedback.successRef}>{successText}</SuccessMessage> : null}
      <ErrorSummary ref={feedback.summaryRef} {...feedback.summary} />
    </div>
  );
}
