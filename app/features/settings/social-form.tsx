import { Form } from "react-router";
import { SETTINGS_BOUNDS, SOCIAL_FIELDS, socialSchema } from "../../../common/forms/settings";
import { paths } from "../../../common/paths";
import { toValidationErrors } from "../../../common/validation/messages";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { FieldError, FormStatus, formValues, IntentInput, SubmitButton, useFormErrors, type SettingsActionData } from "./form-bits";

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
  const { errors, setErrors, formMessage } = useFormErrors(result);
  return (
    <section aria-labelledby="social-title">
      <h2 id="social-title" className="mb-2 text-xl font-semibold">
        {t("settings.social.title")}
      </h2>
      <p className="mb-4 text-slate-700 dark:text-slate-300">{t("settings.social.intro")}</p>
      <FormStatus result={result} successText={t("settings.social.success")} formMessage={formMessage} />
      <Form
        method="post"
        action={`${paths.dashboardSettings()}?sekme=sosyal`}
        noValidate
        onSubmit={(e) => {
          const parsed = socialSchema.safeParse(formValues(e.currentTarget, SOCIAL_FIELDS));
          if (!parsed.success) {
            e.preventDefault();
            setErrors(toValidationErrors(parsed.error));
          } else setErrors({});
        }}
      >
        <CsrfInput />
        <IntentInput intent="social" />
        <p id="settings-social-hint" className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          {t("settings.social.hint", { max: SETTINGS_BOUNDS.socialUrl.max })}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_FIELDS.map((key) => {
            const id = `settings-social-${key}`;
            const error = errors[key];
            return (
              <div key={key}>
                <label htmlFor={id} className="field-label">
                  {t(`settings.social.labels.${key}`)}
                </label>
                <input
                  id={id}
                  name={key}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  className="field-input"
                  maxLength={SETTINGS_BOUNDS.socialUrl.max}
                  placeholder={PLACEHOLDERS[key]}
                  defaultValue={values[key] ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`settings-social-hint${error ? ` ${id}-error` : ""}`}
                />
                <FieldError id={id} error={error} />
              </div>
            );
          })}
        </div>
        <div className="mt-5">
          <SubmitButton intent="social">{t("settings.save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
