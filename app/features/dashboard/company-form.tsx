import { COMPANY_BOUNDS, COMPANY_COUNTRIES, companyLogoUrl, countryName } from "../../../common/companies";
import {
  COMPANY_LOGO_ACCEPT,
  COMPANY_LOGO_FIELD,
  COMPANY_LOGO_MAX_MB,
  COMPANY_LOGO_SIZE,
  companyInputFromFields,
  serviceLogoField,
  serviceRowCount,
} from "../../../common/forms/company-edit";
import { CheckboxField, Field, FILE_INPUT, FormSection, mappedSchemaCheck, useFormFeedback, type FormResult } from "../../components/forms";
import { ProvincesField } from "./provinces-field";
import { MultipartSaveForm } from "./save-form";
import { useTranslation } from "../../lib/i18n";

/** What the form starts from (the stored version, or the refilled values of a failed submission). */
export interface CompanyFormValues {
  name: string;
  category: string;
  country: string;
  provinceCode: string;
  phone: string;
  fax: string;
  kepAddress: string;
  corporateTitle: string;
  webUrl: string;
  email: string;
  address: string;
  tags: string;
  about: string;
  youtubeUrl: string;
  metaTitle: string;
  metaKeywords: string;
  metaDescription: string;
  packagesFooterText: string;
  servesWholeCountry: boolean;
  provinces: number[];
  services: { name: string; description: string; logo: string | null }[];
  logo: string | null;
}

export interface CategoryOption {
  url: string;
  label: string;
}

/** The browser's check: the server's schema, loaded on the first submit (decision 006), on the same field mapping as the action. */
const checkCompany = mappedSchemaCheck(
  () => import("../../../common/forms/company-edit").then((m) => m.companyEditSchema),
  companyInputFromFields,
  [{ field: COMPANY_LOGO_FIELD, maxMb: COMPANY_LOGO_MAX_MB, key: "companyAdmin.validation.logo.size" }],
);

/**
 * Every field of a company profile (spec §3), one multipart form (the logo is a file), sent to
 * the page's own action. Services are rows `services.<n>.name/description`; empty rows are dropped.
 */
export function CompanyForm({
  mode,
  action,
  values,
  categories,
  provinces,
  result,
  successText,
}: {
  mode: "new" | "edit";
  action: string;
  values: CompanyFormValues;
  categories: CategoryOption[];
  provinces: { code: number; value: string }[];
  result: FormResult | undefined;
  successText?: string;
}) {
  const { t, locale } = useTranslation();
  const f = useFormFeedback({ id: "company", result, check: checkCompany });
  const refill = (name: keyof CompanyFormValues & string) => f.values[name] ?? (values[name] as string);
  const rows = serviceRowCount(values.services.length);
  const text = (name: "phone" | "fax" | "corporateTitle" | "address" | "about" | "metaTitle" | "metaKeywords" | "metaDescription" | "packagesFooterText", max: number, extra: Partial<React.ComponentProps<typeof Field>> = {}) => (
    <Field {...f.field(name)} defaultValue={refill(name)} optional maxLength={max} label={t(`companyAdmin.fields.${name}`)} {...extra} />
  );
  return (
    <MultipartSaveForm feedback={f} action={action} successText={successText} submitText={mode === "new" ? t("companyAdmin.form.submitNew") : t("companyAdmin.form.submitEdit")}>
      <FormSection title={t("companyAdmin.form.identity")}>
        <Field {...f.field("name")} defaultValue={refill("name")} required maxLength={COMPANY_BOUNDS.name.max} label={t("companyAdmin.fields.name")} />
        <Field
          {...f.field("category")}
          label={t("companyAdmin.fields.category")}
          control={(aria) => (
            <select {...aria} name="category" className="field-input" defaultValue={refill("category")}>
              {categories.map((c) => (
                <option key={c.url} value={c.url}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          {...f.field("country")}
          label={t("companyAdmin.fields.country")}
          control={(aria) => (
            <select {...aria} name="country" className="field-input" defaultValue={refill("country")}>
              {COMPANY_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, locale)}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          {...f.field("provinceCode")}
          optional
          label={t("companyAdmin.fields.provinceCode")}
          control={(aria) => (
            <select {...aria} name="provinceCode" className="field-input" defaultValue={refill("provinceCode")}>
              <option value="">{t("companyAdmin.fields.provinceNone")}</option>
              {provinces.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.value}
                </option>
              ))}
            </select>
          )}
        />
        {values.logo ? (
          <div className="flex items-center gap-3">
            <img src={companyLogoUrl(values.logo)} alt={t("companyAdmin.fields.currentLogo")} width={64} height={64} className="size-16 rounded border border-slate-200 object-contain dark:border-slate-700" />
            <CheckboxField id="company-removeLogo" name="removeLogo" label={t("companyAdmin.fields.removeLogo")} />
          </div>
        ) : null}
        <Field
          {...f.field(COMPANY_LOGO_FIELD)}
          defaultValue={undefined}
          {...FILE_INPUT}
          accept={COMPANY_LOGO_ACCEPT}
          optional
          label={t("companyAdmin.fields.logo")}
          hint={t("companyAdmin.fields.logoHint", { max: COMPANY_LOGO_MAX_MB, size: COMPANY_LOGO_SIZE })}
        />
      </FormSection>
      <FormSection title={t("companyAdmin.form.contact")}>
        {text("corporateTitle", COMPANY_BOUNDS.corporateTitle.max)}
        {text("phone", COMPANY_BOUNDS.phone.max, { type: "tel", autoComplete: "tel" })}
        {text("fax", COMPANY_BOUNDS.phone.max, { type: "tel" })}
        <Field {...f.field("email")} defaultValue={refill("email")} optional type="email" maxLength={COMPANY_BOUNDS.email.max} label={t("companyAdmin.fields.email")} />
        <Field {...f.field("kepAddress")} defaultValue={refill("kepAddress")} optional type="email" maxLength={COMPANY_BOUNDS.kepAddress.max} label={t("companyAdmin.fields.kepAddress")} />
        <Field {...f.field("webUrl")} defaultValue={refill("webUrl")} optional type="url" maxLength={COMPANY_BOUNDS.webUrl.max} label={t("companyAdmin.fields.webUrl")} />
        {text("address", COMPANY_BOUNDS.address.max, { multiline: true, rows: 3 })}
      </FormSection>
      <FormSection title={t("companyAdmin.form.coverage")}>
        <CheckboxField
          id="company-servesWholeCountry"
          name="servesWholeCountry"
          defaultChecked={f.values.servesWholeCountry !== undefined ? f.values.servesWholeCountry === "on" : values.servesWholeCountry}
          label={t("companyAdmin.fields.servesWholeCountry")}
        />
        <ProvincesField
          field={f.field("provinces")}
          label={t("companyAdmin.fields.provinces")}
          hint={t("companyAdmin.fields.provincesHint")}
          provinces={provinces}
          sent={f.values.provinces}
          stored={values.provinces}
        />
      </FormSection>
      <FormSection title={t("companyAdmin.form.content")}>
        <Field {...f.field("tags")} defaultValue={refill("tags")} optional label={t("companyAdmin.fields.tags")} hint={t("companyAdmin.fields.tagsHint", { max: COMPANY_BOUNDS.tags.maxCount })} />
        {text("about", COMPANY_BOUNDS.about.max, { multiline: true, rows: 6 })}
        <Field {...f.field("youtubeUrl")} defaultValue={refill("youtubeUrl")} optional type="url" maxLength={COMPANY_BOUNDS.youtubeUrl.max} label={t("companyAdmin.fields.youtubeUrl")} />
        {text("packagesFooterText", COMPANY_BOUNDS.packagesFooterText.max, { multiline: true, rows: 3 })}
      </FormSection>
      <FormSection title={t("companyAdmin.form.services")}>
        <p id="company-services-hint" className="text-sm muted">
          {t("companyAdmin.fields.servicesHint", { max: COMPANY_BOUNDS.maxServices })}
        </p>
        {f.summary.errors.services ? (
          <p id="company-services" tabIndex={-1} className="text-sm font-semibold text-red-700 dark:text-red-300">
            {t(f.summary.errors.services.key, f.summary.errors.services.params)}
          </p>
        ) : null}
        {Array.from({ length: rows }, (_, i) => {
          const current = values.services[i];
          return (
            <fieldset key={i} className="grid gap-3 sm:grid-cols-2">
              <legend className="mb-1 font-medium">{t("companyAdmin.fields.serviceRow", { n: i + 1 })}</legend>
              <Field
                {...f.field(`services.${i}.name`)}
                defaultValue={f.values[`services.${i}.name`] ?? current?.name ?? ""}
                optional
                maxLength={COMPANY_BOUNDS.serviceName.max}
                label={t("companyAdmin.fields.serviceName")}
              />
              <Field
                {...f.field(`services.${i}.description`)}
                defaultValue={f.values[`services.${i}.description`] ?? current?.description ?? ""}
                optional
                maxLength={COMPANY_BOUNDS.serviceDescription.max}
                label={t("companyAdmin.fields.serviceDescription")}
              />
              <div className="flex items-end gap-3 sm:col-span-2">
                {current?.logo ? (
                  <img src={companyLogoUrl(current.logo)} alt={t("companyAdmin.fields.serviceCurrentLogo", { name: current.name })} width={48} height={48} className="size-12 rounded border border-slate-200 object-contain dark:border-slate-700" />
                ) : null}
                <Field
                  {...f.field(serviceLogoField(i))}
                  defaultValue={undefined}
                  {...FILE_INPUT}
                  accept={COMPANY_LOGO_ACCEPT}
                  optional
                  label={t("companyAdmin.fields.serviceLogo")}
                />
              </div>
            </fieldset>
          );
        })}
      </FormSection>
      <FormSection title={t("companyAdmin.form.seo")}>
        {text("metaTitle", COMPANY_BOUNDS.metaTitle.max)}
        {text("metaKeywords", COMPANY_BOUNDS.metaKeywords.max)}
        {text("metaDescription", COMPANY_BOUNDS.metaDescription.max, { multiline: true, rows: 2 })}
      </FormSection>
    </MultipartSaveForm>
  );
}
