import { Form, Link } from "react-router";
import { ACCOUNT_RETENTION_DAYS } from "../../../common/constants";
import { deletionSchema, SETTINGS_BOUNDS } from "../../../common/forms/settings";
import { paths } from "../../../common/paths";
import { toValidationErrors } from "../../../common/validation/messages";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { describe, FieldError, FormStatus, IntentInput, SubmitButton, useFormErrors, type SettingsActionData } from "./form-bits";

/** Account deletion (spec §4): the rule spelled out, then the password and a confirmation. */
export function DeletionForm({ result }: { result?: SettingsActionData }) {
  const { t } = useTranslation();
  const { errors, setErrors, formMessage } = useFormErrors(result);
  const days = ACCOUNT_RETENTION_DAYS;
  return (
    <section aria-labelledby="deletion-title">
      <h2 id="deletion-title" className="mb-2 text-xl font-semibold">
        {t("settings.deletion.title")}
      </h2>
      <div className="mb-6 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
        <p className="font-medium">{t("settings.deletion.intro")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>{t("settings.deletion.ruleAccess")}</li>
          <li>{t("settings.deletion.ruleKept", { days })}</li>
          <li>
            {t("settings.deletion.ruleRestore", { days })}{" "}
            <Link to={paths.contact()} className="text-amber-950 dark:text-amber-50">
              {t("settings.deletion.contact")}
            </Link>
          </li>
          <li>{t("settings.deletion.ruleErased", { days })}</li>
        </ul>
        <p className="mt-2">{t("settings.deletion.mailNote")}</p>
      </div>
      <FormStatus result={result} successText="" formMessage={formMessage} />
      <Form
        key={JSON.stringify(result ?? null)}
        method="post"
        action={`${paths.dashboardSettings()}?sekme=silme`}
        noValidate
        className="max-w-md space-y-5"
        onSubmit={(e) => {
          const form = new FormData(e.currentTarget);
          const parsed = deletionSchema.safeParse({ password: form.get("password"), confirm: form.get("confirm") ?? undefined });
          if (!parsed.success) {
            e.preventDefault();
            setErrors(toValidationErrors(parsed.error));
          } else setErrors({});
        }}
      >
        <CsrfInput />
        <IntentInput intent="delete" />
        <div>
          <label htmlFor="settings-deletion-password" className="field-label">
            {t("settings.deletion.password")}
          </label>
          <input
            id="settings-deletion-password"
            name="password"
            type="password"
            autoComplete="current-password"
            className="field-input"
            required
            maxLength={SETTINGS_BOUNDS.currentPassword.max}
            {...describe("settings-deletion-password", errors.password)}
          />
          <FieldError id="settings-deletion-password" error={errors.password} />
        </div>
        <div>
          <div className="flex items-start gap-2">
            <input
              id="settings-deletion-confirm"
              name="confirm"
              type="checkbox"
              className="mt-1 size-4 shrink-0"
              required
              {...describe("settings-deletion-confirm", errors.confirm)}
            />
            <label htmlFor="settings-deletion-confirm">{t("settings.deletion.confirm")}</label>
          </div>
          <FieldError id="settings-deletion-confirm" error={errors.confirm} />
        </div>
        <SubmitButton
          intent="delete"
          className="btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-slate-950 dark:hover:bg-red-200"
        >
          {t("settings.deletion.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
