import { AsYouType } from "libphonenumber-js";
import { useState } from "react";
import { Form } from "react-router";
import { accountSchema, SETTINGS_BOUNDS, splitSkills } from "../../../common/forms/settings";
import { paths } from "../../../common/paths";
import { toValidationErrors } from "../../../common/validation/messages";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import {
  describe,
  FieldError,
  FormStatus,
  formValues,
  Hint,
  IntentInput,
  SubmitButton,
  useFormErrors,
  type SettingsActionData,
} from "./form-bits";

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
  const { errors, setErrors, formMessage } = useFormErrors(result);
  const [skillCount, setSkillCount] = useState(values.skills.length);
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title" className="mb-4 text-xl font-semibold">
        {t("settings.account.title")}
      </h2>
      <FormStatus result={result} successText={t("settings.account.success")} formMessage={formMessage} />
      <Form
        method="post"
        action={`${paths.dashboardSettings()}?sekme=hesap`}
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          const parsed = accountSchema.safeParse(formValues(e.currentTarget, FIELDS));
          if (!parsed.success) {
            e.preventDefault();
            setErrors(toValidationErrors(parsed.error));
          } else setErrors({});
        }}
      >
        <CsrfInput />
        <IntentInput intent="account" />
        <div>
          <label htmlFor="settings-fullName" className="field-label">
            {t("settings.account.fullName")}
          </label>
          <input
            id="settings-fullName"
            name="fullName"
            autoComplete="name"
            className="field-input"
            required
            maxLength={SETTINGS_BOUNDS.fullName.max}
            defaultValue={values.fullName}
            {...describe("settings-fullName", errors.fullName)}
          />
          <FieldError id="settings-fullName" error={errors.fullName} />
        </div>
        <div>
          <label htmlFor="settings-email" className="field-label">
            {t("settings.account.email")}
          </label>
          <input id="settings-email" type="email" className="field-input bg-slate-100 dark:bg-slate-800" readOnly value={values.email} aria-describedby="settings-email-hint" />
          <Hint id="settings-email">{t("settings.account.emailHint")}</Hint>
        </div>
        <div>
          <label htmlFor="settings-phone" className="field-label">
            {t("settings.account.phone")} <span className="font-normal">({t("settings.optional")})</span>
          </label>
          <PhoneInput id="settings-phone" className="field-input" defaultValue={values.phone} {...describe("settings-phone", errors.phone, true)} />
          <Hint id="settings-phone">{t("settings.account.phoneHint")}</Hint>
          <FieldError id="settings-phone" error={errors.phone} />
        </div>
        <div>
          <label htmlFor="settings-cityCode" className="field-label">
            {t("settings.account.city")} <span className="font-normal">({t("settings.optional")})</span>
          </label>
          <select
            id="settings-cityCode"
            name="cityCode"
            className="field-input"
            defaultValue={values.cityCode === null ? "" : String(values.cityCode)}
            {...describe("settings-cityCode", errors.cityCode)}
          >
            <option value="">{t("settings.account.cityNone")}</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.value}
              </option>
            ))}
          </select>
          <FieldError id="settings-cityCode" error={errors.cityCode} />
        </div>
        <div>
          <label htmlFor="settings-about" className="field-label">
            {t("settings.account.about")} <span className="font-normal">({t("settings.optional")})</span>
          </label>
          <textarea
            id="settings-about"
            name="about"
            rows={5}
            className="field-input"
            maxLength={SETTINGS_BOUNDS.about.max}
            defaultValue={values.about ?? ""}
            {...describe("settings-about", errors.about, true)}
          />
          <Hint id="settings-about">{t("settings.account.aboutHint", SETTINGS_BOUNDS.about)}</Hint>
          <FieldError id="settings-about" error={errors.about} />
        </div>
        <div>
          <label htmlFor="settings-skills" className="field-label">
            {t("settings.account.skills")} <span className="font-normal">({t("settings.optional")})</span>
          </label>
          <textarea
            id="settings-skills"
            name="skills"
            rows={3}
            className="field-input"
            maxLength={SKILLS.rawMax}
            defaultValue={values.skills.join(", ")}
            onChange={(e) => setSkillCount(splitSkills(e.target.value).length)}
            {...describe("settings-skills", errors.skills, true)}
          />
          <Hint id="settings-skills">
            {t("settings.account.skillsHint", { max: SKILLS.maxCount, itemMin: SKILLS.item.min, itemMax: SKILLS.item.max })}{" "}
            <span className={skillCount > SKILLS.maxCount ? "font-semibold text-red-700 dark:text-red-300" : undefined}>
              {t("settings.account.skillsCount", { count: skillCount, max: SKILLS.maxCount })}
            </span>
          </Hint>
          <FieldError id="settings-skills" error={errors.skills} />
        </div>
        <SubmitButton intent="account">{t("settings.save")}</SubmitButton>
      </Form>
    </section>
  );
}
