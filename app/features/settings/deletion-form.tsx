import { Form, Link } from "react-router";
import { ACCOUNT_RETENTION_DAYS } from "../../../common/constants";
import { deletionSchema, SETTINGS_BOUNDS } from "../../../common/forms/settings";
import { usePaths } from "../../lib/paths";
import { CheckboxField, ErrorSummary, Field, PASSWORD_INPUT, schemaCheck, SubmitButton, useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { useSettingsAction, SettingsHidden, type SettingsActionData } from "./form-bits";

/** Account deletion (spec §4): the rule spelled out, then the password and a confirmation. */
export function DeletionForm({ result }: { result?: SettingsActionData }) {
  const { t } = useTranslation();
  const settingsAction = useSettingsAction("silme");
  const paths = usePaths();
  const f = useFormFeedback({
    id: "settings-deletion",
    result,
    check: schemaCheck(async () => deletionSchema, ["password", "confirm"]),
  });
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
      <div className="mb-4 empty:hidden">
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      <Form key={JSON.stringify(result ?? null)} method="post" action={settingsAction} className="max-w-md space-y-5" {...f.formProps}>
        <SettingsHidden intent="delete" />
        <Field
          {...f.field("password")}
          {...PASSWORD_INPUT}
          label={t("settings.deletion.password")}
          autoComplete="current-password"
          required
          maxLength={SETTINGS_BOUNDS.currentPassword.max}
        />
        <CheckboxField {...f.field("confirm")} required label={t("settings.deletion.confirm")} />
        <SubmitButton
          pending={f.pending}
          className="btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-slate-950 dark:hover:bg-red-200"
        >
          {t("settings.deletion.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
