import { useState } from "react";
import { useNavigation } from "react-router";
import type { SettingsIntent } from "../../../common/forms/settings";
import type { ValidationErrors, ValidationMessage } from "../../../common/validation/messages";
import { useTranslation } from "../../lib/i18n";

/** What the /ayarlar action answers: which form it was for, and how it went. */
export type SettingsActionData =
  | { success: true; intent: SettingsIntent }
  | { success: false; intent?: string; errors?: ValidationErrors; message: string };

/** The answer for this form only (other forms on the page ignore it). */
export function resultFor(data: SettingsActionData | undefined, ...intents: SettingsIntent[]): SettingsActionData | undefined {
  return data && intents.includes(data.intent as SettingsIntent) ? data : undefined;
}

/**
 * Field messages of a form: the browser's own check (same schema as the server) until the next
 * server answer arrives, then the server's.
 */
export function useFormErrors(result: SettingsActionData | undefined) {
  const { t } = useTranslation();
  const [client, setClient] = useState<{ for: SettingsActionData | undefined; errors: ValidationErrors } | null>(null);
  const serverErrors = result && !result.success ? (result.errors ?? {}) : {};
  const errors = client && client.for === result ? client.errors : serverErrors;
  const setErrors = (next: ValidationErrors) => setClient({ for: result, errors: next });
  // A failure whose message is not already shown under a field is shown above the form.
  let formMessage: string | undefined;
  if (result && !result.success && !(client && client.for === result)) {
    const shown = Object.values(serverErrors).map((e) => t(e.key, e.params));
    if (result.message && !shown.includes(result.message)) formMessage = result.message;
  }
  return { errors, setErrors, formMessage };
}

/** aria attributes for an input with an optional hint and error. */
export function describe(id: string, error: ValidationMessage | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

export function FieldError({ id, error }: { id: string; error?: ValidationMessage }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {t(error.key, error.params)}
    </p>
  );
}

export function Hint({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
      {children}
    </p>
  );
}

/** The success note or the form-level failure of one form. */
export function FormStatus({ result, successText, formMessage }: { result?: SettingsActionData; successText: string; formMessage?: string }) {
  if (result?.success) {
    return (
      <p role="status" className="mb-4 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
        {successText}
      </p>
    );
  }
  if (formMessage) {
    return (
      <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
        {formMessage}
      </p>
    );
  }
  return null;
}

/** The hidden field the action dispatches on. */
export function IntentInput({ intent }: { intent: SettingsIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

/** A submit button that says it is busy while its own form is on its way. */
export function SubmitButton({ intent, children, className = "btn-primary" }: { intent: SettingsIntent; children: React.ReactNode; className?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? t("settings.saving") : children}
    </button>
  );
}

/** Reads a form's text fields for the schema check in the browser. */
export function formValues(form: HTMLFormElement, names: readonly string[]): Record<string, string | undefined> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((n) => [n, typeof data.get(n) === "string" ? (data.get(n) as string) : undefined]));
}
