import { Form } from "react-router";
import { passwordSchema, SETTINGS_BOUNDS } from "../../../common/forms/settings";
import { Field, PASSWORD_INPUT, schemaCheck, SubmitButton, useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { useSettingsAction, SettingsHidden, SettingsSection, type SettingsActionData } from "./form-bits";

const FIELDS = ["currentPassword", "newPassword", "newPasswordRepeat"] as const;

/** Change password: the current one, the new one twice. */
export function PasswordForm({ result }: { result?: SettingsActionData }) {
  const { t } = useTranslation();
  const settingsAction = useSettingsAction("sifre");
  const f = useFormFeedback({
    id: "settings",
    result,
    check: schemaCheck(async () => passwordSchema, FIELDS),
  });
  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string, hint?: string) => (
    <Field
      {...f.field(name)}
      {...PASSWORD_INPUT}
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      required
      maxLength={name === "currentPassword" ? SETTINGS_BOUNDS.currentPassword.max : SETTINGS_BOUNDS.password.max}
    />
  );
  return (
    <SettingsSection name="password" f={f}>
      {/* A fresh form after each answer: no password stays in the fields. */}
      <Form key={JSON.stringify(result ?? null)} method="post" action={settingsAction} className="max-w-md space-y-5" {...f.formProps}>
        <SettingsHidden intent="password" />
        {field("currentPassword", t("settings.password.current"), "current-password")}
        {field("newPassword", t("settings.password.new"), "new-password", t("settings.password.newHint", SETTINGS_BOUNDS.password))}
        {field("newPasswordRepeat", t("settings.password.repeat"), "new-password")}
        <SubmitButton pending={f.pending}>{t("settings.password.submit")}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
