import { Form } from "react-router";
import { passwordSchema, SETTINGS_BOUNDS } from "../../../common/forms/settings";
import { paths } from "../../../common/paths";
import { toValidationErrors } from "../../../common/validation/messages";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { describe, FieldError, FormStatus, formValues, Hint, IntentInput, SubmitButton, useFormErrors, type SettingsActionData } from "./form-bits";

const FIELDS = ["currentPassword", "newPassword", "newPasswordRepeat"] as const;

/** Change password: the current one, the new one twice. */
export function PasswordForm({ result }: { result?: SettingsActionData }) {
  const { t } = useTranslation();
  const { errors, setErrors, formMessage } = useFormErrors(result);
  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string, hint?: string) => {
    const id = `settings-${name}`;
    return (
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          className="field-input"
          required
          maxLength={name === "currentPassword" ? SETTINGS_BOUNDS.currentPassword.max : SETTINGS_BOUNDS.password.max}
          {...describe(id, errors[name], Boolean(hint))}
        />
        {hint ? <Hint id={id}>{hint}</Hint> : null}
        <FieldError id={id} error={errors[name]} />
      </div>
    );
  };
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title" className="mb-2 text-xl font-semibold">
        {t("settings.password.title")}
      </h2>
      <p className="mb-4 text-slate-700 dark:text-slate-300">{t("settings.password.intro")}</p>
      <FormStatus result={result} successText={t("settings.password.success")} formMessage={formMessage} />
      <Form
        // A fresh form after each answer: no password stays in the fields.
        key={JSON.stringify(result ?? null)}
        method="post"
        action={`${paths.dashboardSettings()}?sekme=sifre`}
        noValidate
        className="max-w-md space-y-5"
        onSubmit={(e) => {
          const parsed = passwordSchema.safeParse(formValues(e.currentTarget, FIELDS));
          if (!parsed.success) {
            e.preventDefault();
            const next = toValidationErrors(parsed.error);
            setErrors(next);
          } else setErrors({});
        }}
      >
        <CsrfInput />
        <IntentInput intent="password" />
        {field("currentPassword", t("settings.password.current"), "current-password")}
        {field("newPassword", t("settings.password.new"), "new-password", t("settings.password.newHint", SETTINGS_BOUNDS.password))}
        {field("newPasswordRepeat", t("settings.password.repeat"), "new-password")}
        <SubmitButton intent="password">{t("settings.password.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
