import { AsYouType } from "libphonenumber-js";
import { useState } from "react";
import { Form } from "react-router";
import { accountSchema, SETTINGS_BOUNDS, splitSkills } from "../../../common/forms/settings";
import { Field, schemaCheck, SubmitButton, useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { useSettingsAction, SettingsHidden, SettingsSection, type SettingsActionData } from "./form-bits";

export interface AccountView {
  fullName: string;
  email: string;
  /** Formatted for display ("+90 532 123 45 67"), "" when none. */
  phone: string;
  cityCode: number | null;
  about: string | null;
  skills: string[];
}

const FIELDS = ["fullName", "phone", "cityCode", "about", "skills"] as const;
const { skills: SKILLS } = SETTINGS_BOUNDS;

/** Formats the number as it is typed ("05321234567" → "0532 123 45 67"); deleting is left alone. */
function PhoneInput(props: { id: string; defaultValue: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { defaultValue, ...rest } = props;
  const [value, setValue] = useState(defaultValue);
  return (
    <input
      {...rest}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={SETTINGS_BOUNDS.phone.max}
      value={value}
      onChange={(e) => {
        const next = e.target.value;
        setValue(next.length > value.length ? new AsYouType("TR").input(next) : next);
      }}
    />
  );
}

export function AccountForm({
  values,
  provinces,
  result,
}: {
  values: AccountView;
  provinces: { code: number; value: string }[];
  result?: SettingsActionData;
}) {
  const { t } = useTranslation();
  const settingsAction = useSettingsAction("hesap");
  const f = useFormFeedback({
    id: "settings",
    result,
    check: schemaCheck(async () => accountSchema, FIELDS),
  });
  const [skillCount, setSkillCount] = useState(values.skills.length);
  return (
    <SettingsSection name="account" f={f}>
      <Form method="post" action={settingsAction} className="space-y-5" {...f.formProps}>
        <SettingsHidden intent="account" />
        <Field {...f.field("fullName")} defaultValue={values.fullName} label={t("settings.account.fullName")} autoComplete="name" required maxLength={SETTINGS_BOUNDS.fullName.max} />
        <Field
          id="settings-email"
          label={t("settings.account.email")}
          type="email"
          className="field-input bg-slate-100 dark:bg-slate-800"
          readOnly
          value={values.email}
          hint={t("settings.account.emailHint")}
        />
        <Field
          {...f.field("phone")}
          optional
          label={t("settings.account.phone")}
          hint={t("settings.account.phoneHint")}
          control={(aria) => <PhoneInput {...aria} className="field-input" defaultValue={values.phone} />}
        />
        <Field
          {...f.field("cityCode")}
          optional
          label={t("settings.account.city")}
          control={(aria) => (
            <select {...aria} name="cityCode" className="field-input" defaultValue={values.cityCode === null ? "" : String(values.cityCode)}>
              <option value="">{t("settings.account.cityNone")}</option>
              {provinces.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.value}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          {...f.field("about")}
          defaultValue={values.about ?? ""}
          optional
          multiline
          rows={5}
          maxLength={SETTINGS_BOUNDS.about.max}
          label={t("settings.account.about")}
          hint={t("settings.account.aboutHint", SETTINGS_BOUNDS.about)}
        />
        <Field
          {...f.field("skills")}
          defaultValue={values.skills.join(", ")}
          optional
          multiline
          rows={3}
          maxLength={SKILLS.rawMax}
          onChange={(e) => setSkillCount(splitSkills(e.target.value).length)}
          label={t("settings.account.skills")}
          hint={
            <>
              {t("settings.account.skillsHint", { max: SKILLS.maxCount, itemMin: SKILLS.item.min, itemMax: SKILLS.item.max })}{" "}
              <span className={skillCount > SKILLS.maxCount ? "font-semibold text-red-700 dark:text-red-300" : undefined}>
                {t("settings.account.skillsCount", { count: skillCount, max: SKILLS.maxCount })}
              </span>
            </>
          }
        />
        <SubmitButton pending={f.pending}>{t("settings.save")}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
