import { Form } from "react-router";
import { SETTINGS_BOUNDS, SOCIAL_FIELDS, socialSchema } from "../../../common/forms/settings";
import { Field, schemaCheck, SubmitButton, useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { useSettingsAction, SettingsHidden, SettingsSection, type SettingsActionData } from "./form-bits";

const PLACEHOLDERS: Record<(typeof SOCIAL_FIELDS)[number], string> = {
  instagram: "https://instagram.com/…",
  facebook: "https://facebook.com/…",
  twitter: "https://x.com/…",
  linkedin: "https://linkedin.com/in/…",
  github: "https://github.com/…",
  youtube: "https://youtube.com/@…",
  vimeo: "https://vimeo.com/…",
  tiktok: "https://tiktok.com/@…",
  whatsapp: "https://wa.me/90…",
  telegram: "https://t.me/…",
  discord: "https://discord.gg/…",
};

/** The 11 social profile URLs, each optional. */
export function SocialForm({ values, result }: { values: Partial<Record<string, string>>; result?: SettingsActionData }) {
  const { t } = useTranslation();
  const settingsAction = useSettingsAction("sosyal");
  const f = useFormFeedback({
    id: "settings-social",
    result,
    check: schemaCheck(async () => socialSchema, SOCIAL_FIELDS),
  });
  return (
    <SettingsSection name="social" f={f}>
      <Form method="post" action={settingsAction} {...f.formProps}>
        <SettingsHidden intent="social" />
        <p id="settings-social-hint" className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          {t("settings.social.hint", { max: SETTINGS_BOUNDS.socialUrl.max })}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_FIELDS.map((key) => (
            <Field
              key={key}
              {...f.field(key)}
              defaultValue={values[key] ?? ""}
              label={t(`settings.social.labels.${key}`)}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              maxLength={SETTINGS_BOUNDS.socialUrl.max}
              placeholder={PLACEHOLDERS[key]}
              describedByExtra="settings-social-hint"
            />
          ))}
        </div>
        <div className="mt-5">
          <SubmitButton pending={f.pending}>{t("settings.save")}</SubmitButton>
        </div>
      </Form>
    </SettingsSection>
  );
}
