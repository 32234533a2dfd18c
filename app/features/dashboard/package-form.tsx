import { MAX_COMMITMENT_MONTHS, MODEM_OFFERS, PACKAGE_BOUNDS, PACKAGE_IMAGE, PHONE_BUNDLES, SERVICE_KINDS, TECHNOLOGIES, packageImageUrl } from "../../../common/packages";
import { packageInputFromFields, type PackageCheckboxField, type PackageTextField } from "../../../common/forms/packages";
import { CheckboxField, Field, FILE_INPUT, FormSection, mappedSchemaCheck, selectControl, useFormFeedback, type FormResult } from "../../components/forms";
import { ProvincesField } from "./provinces-field";
import { MultipartSaveForm } from "./save-form";
import { useTranslation } from "../../lib/i18n";

/** What the form starts from: the stored package (prices as lira text), or the refilled values of a failed submission. */
export type PackageFormValues = Record<PackageTextField, string> & Record<PackageCheckboxField, boolean> & { provinces: number[] };

export const EMPTY_PACKAGE_VALUES: PackageFormValues = {
  serviceKind: "internet",
  title: "",
  slug: "",
  description: "",
  tags: "",
  technology: "fiber",
  downloadMbps: "",
  uploadMbps: "",
  quotaGb: "",
  fairUsage: "",
  price: "",
  commitmentMonths: "0",
  commitmentPrice: "",
  introMonths: "",
  introPrice: "",
  priceAfterCommitment: "",
  modemOffer: "own",
  modemRental: "",
  activationFee: "",
  freeMonths: "",
  discount: "",
  discountNote: "",
  phoneBundle: "none",
  tvPlatform: "",
  diskGb: "",
  trafficGb: "",
  cpuCores: "",
  ramGb: "",
  channelCount: "",
  priceConfirmedOn: "",
  talkPackage: false,
  gsmIncluded: false,
  servesAllCities: true,
  provinces: [],
};

/** The browser's check: the server's schema, loaded on the first submit (decision 006), on the same field mapping as the action. */
const checkPackage = mappedSchemaCheck(
  () => import("../../../common/forms/packages").then((m) => m.packageInputSchema),
  packageInputFromFields,
  // The server refuses a larger file with the same message; saying so here saves the upload.
  [{ field: PACKAGE_IMAGE.field, maxMb: PACKAGE_IMAGE.maxMb, key: "packages.validation.image.size" }],
);

/**
 * Every field of a package (packageInputSchema), one multipart form (the image is a file) to
 * the page's own action, grouped in fieldsets. Without JavaScript every group shows; the
 * kind-specific ones say which kinds they are for and are ignored (or checked) by the server as
 * the kind asks. The image comes last: a browser sends the fields in order, so when a file is
 * refused for its size the fields before it have arrived and are given back.
 */
export function PackageForm({
  mode,
  action,
  values,
  provinces,
  image,
  result,
  successText,
}: {
  mode: "new" | "edit";
  action: string;
  values: PackageFormValues;
  provinces: { code: number; value: string }[];
  /** The stored image's file name, or null. */
  image: string | null;
  result: FormResult | undefined;
  successText?: string;
}) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "package", result, check: checkPackage });
  const refill = (name: PackageTextField) => f.values[name] ?? values[name];
  const checked = (name: PackageCheckboxField) => (f.values[name] !== undefined ? f.values[name] === "on" : values[name]);
  const label = (name: PackageTextField | PackageCheckboxField | "provinces" | "image" | "removeImage") => t(`packages.dashboard.fields.${name}`);
  const text = (name: PackageTextField, extra: Partial<React.ComponentProps<typeof Field>> = {}) => (
    <Field {...f.field(name)} defaultValue={refill(name)} optional label={label(name)} {...extra} />
  );
  const money = (name: PackageTextField, extra: Partial<React.ComponentProps<typeof Field>> = {}) =>
    text(name, { inputMode: "decimal", autoComplete: "off", maxLength: 20, ...extra });
  const whole = (name: PackageTextField, bounds: { min: number; max: number }, extra: Partial<React.ComponentProps<typeof Field>> = {}) =>
    text(name, { type: "number", inputMode: "numeric", min: bounds.min, max: bounds.max, step: 1, ...extra });
  const select = (name: PackageTextField, options: readonly { value: string; label: string }[], extra: { optional?: boolean; requiredWhen?: string; hint?: string } = {}) => (
    <Field
      {...f.field(name)}
      optional={extra.optional}
      requiredWhen={extra.requiredWhen}
      hint={extra.hint}
      label={label(name)}
      control={selectControl(name, refill(name), options)}
    />
  );
  return (
    <MultipartSaveForm feedback={f} action={action} successText={successText} submitText={mode === "new" ? t("packages.dashboard.form.submitNew") : t("packages.dashboard.form.submitEdit")}>
      <FormSection title={t("packages.dashboard.form.basics")}>
        {select(
          "serviceKind",
          SERVICE_KINDS.map((k) => ({ value: k, label: t(`packages.kinds.${k}`) })),
        )}
        <Field {...f.field("title")} defaultValue={refill("title")} required maxLength={PACKAGE_BOUNDS.title.max} label={label("title")} />
        {text("slug", { maxLength: PACKAGE_BOUNDS.slug.max, hint: t("packages.dashboard.hints.slug"), autoComplete: "off", spellCheck: false })}
        {text("description", { multiline: true, rows: 5, maxLength: PACKAGE_BOUNDS.description.max })}
        {text("tags", { hint: t("packages.dashboard.hints.tags", { max: PACKAGE_BOUNDS.tags.maxCount }) })}
      </FormSection>
      <FormSection title={t("packages.dashboard.form.speed")}>
        {whole("downloadMbps", PACKAGE_BOUNDS.speedMbps, { requiredWhen: t("packages.dashboard.requiredWhen.internet") })}
        {whole("uploadMbps", PACKAGE_BOUNDS.speedMbps)}
        {whole("quotaGb", PACKAGE_BOUNDS.quotaGb, { hint: t("packages.dashboard.hints.quotaGb") })}
        {text("fairUsage", { maxLength: PACKAGE_BOUNDS.fairUsage.max })}
      </FormSection>
      <FormSection title={t("packages.dashboard.form.prices")} note={t("packages.dashboard.hints.money")}>
        <Field {...f.field("price")} defaultValue={refill("price")} required inputMode="decimal" autoComplete="off" maxLength={20} label={label("price")} hint={t("packages.dashboard.hints.price")} />
        <Field
          {...f.field("commitmentMonths")}
          defaultValue={refill("commitmentMonths")}
          required
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_COMMITMENT_MONTHS}
          step={1}
          label={label("commitmentMonths")}
          hint={t("packages.dashboard.hints.commitmentMonths", { max: MAX_COMMITMENT_MONTHS })}
        />
        {money("commitmentPrice", { requiredWhen: t("packages.dashboard.requiredWhen.commitment") })}
        {whole("introMonths", { min: 0, max: MAX_COMMITMENT_MONTHS }, { hint: t("packages.dashboard.hints.introMonths") })}
        {money("introPrice")}
        {money("priceAfterCommitment", { hint: t("packages.dashboard.hints.priceAfterCommitment") })}
        {select(
          "modemOffer",
          MODEM_OFFERS.map((m) => ({ value: m, label: t(`packages.modem.${m}`) })),
        )}
        {money("modemRental", { requiredWhen: t("packages.dashboard.requiredWhen.modemRented") })}
        {money("activationFee")}
        {whole("freeMonths", PACKAGE_BOUNDS.freeUsageMonths)}
        {money("discount", { hint: t("packages.dashboard.hints.discount") })}
        {text("discountNote", { maxLength: PACKAGE_BOUNDS.discountNote.max })}
        <Field {...f.field("priceConfirmedOn")} defaultValue={refill("priceConfirmedOn")} optional type="date" label={label("priceConfirmedOn")} hint={t("packages.dashboard.hints.priceConfirmedOn")} />
      </FormSection>
      <FormSection title={t("packages.dashboard.form.bundles")}>
        {select(
          "phoneBundle",
          PHONE_BUNDLES.map((p) => ({ value: p, label: t(`packages.phone.${p}`) })),
        )}
        <CheckboxField id="package-talkPackage" name="talkPackage" defaultChecked={checked("talkPackage")} label={label("talkPackage")} />
        {text("tvPlatform", { maxLength: PACKAGE_BOUNDS.tvPlatform.max, hint: t("packages.dashboard.hints.tvPlatform") })}
        <CheckboxField id="package-gsmIncluded" name="gsmIncluded" defaultChecked={checked("gsmIncluded")} label={label("gsmIncluded")} />
      </FormSection>
      <FormSection title={t("packages.dashboard.form.cities")}>
        <CheckboxField id="package-servesAllCities" name="servesAllCities" defaultChecked={checked("servesAllCities")} label={label("servesAllCities")} />
        <ProvincesField
          field={f.field("provinces")}
          label={label("provinces")}
          hint={t("packages.dashboard.hints.provinces")}
          provinces={provinces}
          sent={f.values.provinces}
          stored={values.provinces}
        />
      </FormSection>
      <FormSection title={t("packages.dashboard.form.infrastructure")} note={t("packages.dashboard.hints.internetOnly")}>
        {select(
          "technology",
          [{ value: "", label: t("packages.dashboard.fields.technologyNone") }, ...TECHNOLOGIES.map((x) => ({ value: x, label: t(`packages.technologies.${x}`) }))],
          { requiredWhen: t("packages.dashboard.requiredWhen.internet") },
        )}
      </FormSection>
      <FormSection title={t("packages.dashboard.form.hosting")} note={t("packages.dashboard.hints.hostingOnly")}>
        {whole("diskGb", PACKAGE_BOUNDS.diskGb)}
        {whole("trafficGb", PACKAGE_BOUNDS.trafficGb, { hint: t("packages.dashboard.hints.trafficGb") })}
        {whole("cpuCores", PACKAGE_BOUNDS.cpuCores)}
        {whole("ramGb", PACKAGE_BOUNDS.ramGb)}
      </FormSection>
      <FormSection title={t("packages.dashboard.form.tv")} note={t("packages.dashboard.hints.tvOnly")}>
        {whole("channelCount", PACKAGE_BOUNDS.channelCount)}
      </FormSection>
      <FormSection title={t("packages.dashboard.form.image")}>
        {image ? (
          <div className="flex flex-wrap items-center gap-3">
            <img
              src={packageImageUrl(image)}
              alt={t("packages.dashboard.fields.currentImage")}
              width={PACKAGE_IMAGE.width}
              height={PACKAGE_IMAGE.height}
              loading="lazy"
              decoding="async"
              className="h-auto w-40 rounded border border-slate-200 object-contain dark:border-slate-700"
            />
            <CheckboxField id="package-removeImage" name="removeImage" label={label("removeImage")} />
          </div>
        ) : null}
        <Field
          {...f.field(PACKAGE_IMAGE.field)}
          defaultValue={undefined}
          {...FILE_INPUT}
          accept={PACKAGE_IMAGE.accept}
          optional
          label={label("image")}
          hint={t("packages.dashboard.fields.imageHint", { max: PACKAGE_IMAGE.maxMb, width: PACKAGE_IMAGE.width, height: PACKAGE_IMAGE.height })}
        />
      </FormSection>
    </MultipartSaveForm>
  );
}
