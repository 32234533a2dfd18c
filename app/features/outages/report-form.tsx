import { useState } from "react";
import { Form } from "react-router";
import { OUTAGE_DISTRICT_MAX } from "../../../common/forms/outages";
import { OUTAGE_PROBLEMS } from "../../../common/outages";
import { PROVINCES } from "../../../common/provinces";
import {
  ErrorList,
  ErrorSummary,
  Field,
  describedBy,
  schemaCheck,
  SubmitButton,
  SuccessMessage,
  useFormFeedback,
  type FormResult,
} from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { useApiList } from "../../lib/use-api-list";

/** What the page's action answers: a failure, or the report taken. */
export type OutageActionData = FormResult & {
  intent?: string;
  counted?: boolean;
  incident?: boolean;
  cityName?: string;
  district?: string;
  alertState?: "pending" | "active";
  email?: string;
};

const resultFor = (
  data: OutageActionData | undefined,
  intent: "report" | "alert",
) => (data?.intent === intent ? data : undefined);

const check = schemaCheck(
  () =>
    import("../../../common/forms/outages").then((m) => m.outageReportSchema),
  ["problem", "city", "district"],
);
const checkAlert = schemaCheck(
  () =>
    import("../../../common/forms/outages").then((m) => m.outageAlertSchema),
  ["city", "district"],
);

/**
 * "Report a problem": what is wrong (radio buttons), the province and the district (typed, with
 * the province's districts offered as suggestions: by the page for a province it knows, read
 * from the API when the person picks another). Works without JavaScript; the server finds the
 * district however it is written.
 */
export function OutageReportForm({
  actionData,
  initialCity,
  initialDistricts,
}: {
  actionData?: OutageActionData;
  initialCity: number | null;
  initialDistricts: readonly string[];
}) {
  const { t } = useTranslation();
  const result = resultFor(actionData, "report");
  const f = useFormFeedback({ id: "outage", result, check });
  const problem = f.field("problem");
  return (
    <section
      aria-labelledby="outage-form-title"
      className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <h2 id="outage-form-title" className="text-xl font-semibold">
        {t("outages.form.title")}
      </h2>
      <p className="mt-2 text-sm muted">{t("outages.form.lead")}</p>
      {f.succeeded && result?.success ? (
        <div className="mt-4 space-y-2">
          <SuccessMessage ref={f.successRef}>
            {result.counted
              ? t("outages.form.counted", {
                  district: result.district ?? "",
                  city: result.cityName ?? "",
                })
              : t("outages.form.alreadyCounted")}
          </SuccessMessage>
          {result.incident ? (
            <p className="font-medium">
              {t("outages.form.incidentNow", { city: result.cityName ?? "" })}
            </p>
          ) : null}
        </div>
      ) : (
        <Form
          method="post"
          className="mt-4 space-y-4"
          preventScrollReset
          {...f.formProps}
        >
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <input type="hidden" name="intent" value="report" />
          <fieldset {...describedBy(problem.id, problem.error, false)}>
            <legend className="field-label">{t("outages.form.problem")}</legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              {OUTAGE_PROBLEMS.map((p, i) => (
                <label
                  key={p}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
                >
                  <input
                    type="radio"
                    name="problem"
                    value={p}
                    id={i === 0 ? problem.id : `${problem.id}-${p}`}
                    defaultChecked={problem.defaultValue === p}
                    required
                  />
                  {t(`outages.problems.${p}`)}
                </label>
              ))}
            </div>
            <ErrorList id={`${problem.id}-error`} errors={problem.error} />
          </fieldset>
          <PlaceFields
            f={f}
            formId="outage"
            initialCity={initialCity}
            initialDistricts={initialDistricts}
          />
          <SubmitButton pending={f.pending} className="btn-primary">
            {t("outages.form.submit")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

/** The province (a select) and district (typed, the province's districts suggested) of both forms. */
function PlaceFields({
  f,
  formId,
  initialCity,
  initialDistricts,
}: {
  f: ReturnType<typeof useFormFeedback>;
  formId: string;
  initialCity: number | null;
  initialDistricts: readonly string[];
}) {
  const { t } = useTranslation();
  const cityField = f.field("city");
  const refilledCity =
    typeof cityField.defaultValue === "string" &&
    /^\d{1,2}$/.test(cityField.defaultValue)
      ? Number(cityField.defaultValue)
      : initialCity;
  const [city, setCity] = useState<number | null>(refilledCity);
  const read = useApiList<string>(
    city !== null && city !== initialCity
      ? `/speedtest/districts?city=${city}`
      : null,
    "districts",
  );
  const districts =
    city === initialCity
      ? initialDistricts
      : read?.state === "ready"
        ? read.items
        : [];
  return (
    <>
      <Field
        {...cityField}
        label={t("outages.form.city")}
        control={(aria) => (
          <select
            {...aria}
            name="city"
            required
            className="field-input"
            defaultValue={refilledCity === null ? "" : String(refilledCity)}
            onChange={(e) =>
              setCity(
                e.currentTarget.value ? Number(e.currentTarget.value) : null,
              )
            }
          >
            <option value="" disabled>
              {t("outages.form.choose")}
            </option>
            {PROVINCES.map(([code, , value]) => (
              <option key={code} value={code}>
                {value}
              </option>
            ))}
          </select>
        )}
      />
      <Field
        {...f.field("district")}
        label={t("outages.form.district")}
        hint={t("outages.form.districtHint")}
        maxLength={OUTAGE_DISTRICT_MAX}
        autoComplete="off"
        list={`${formId}-districts`}
        required
      />
      <datalist id={`${formId}-districts`}>
        {districts.map((d) => (
          <option key={d} value={d} />
        ))}
      </datalist>
    </>
  );
}

/**
 * "Tell me when there is an outage here": a signed-in member names a district (a confirmation
 * mail follows); a guest is offered to sign in and come back.
 */
export function OutageAlertForm({
  actionData,
  signedIn,
  loginHref,
  initialCity,
  initialDistricts,
}: {
  actionData?: OutageActionData;
  signedIn: boolean;
  loginHref: string;
  initialCity: number | null;
  initialDistricts: readonly string[];
}) {
  const { t } = useTranslation();
  const result = resultFor(actionData, "alert");
  const f = useFormFeedback({ id: "outage-alert", result, check: checkAlert });
  return (
    <section
      aria-labelledby="outage-alert-title"
      className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <h2 id="outage-alert-title" className="text-xl font-semibold">
        {t("outages.alert.title")}
      </h2>
      <p className="mt-2 text-sm muted">{t("outages.alert.lead")}</p>
      {!signedIn ? (
        <p className="mt-4">
          <a
            href={loginHref}
            className="btn-ghost border border-slate-300 dark:border-slate-600"
          >
            {t("outages.alert.signIn")}
          </a>
        </p>
      ) : f.succeeded && result?.success ? (
        <div className="mt-4">
          <SuccessMessage ref={f.successRef}>
            {result.alertState === "active"
              ? t("outages.alert.alreadyActive")
              : t("outages.alert.pendingSent", { email: result.email ?? "" })}
          </SuccessMessage>
        </div>
      ) : (
        <Form
          method="post"
          className="mt-4 space-y-4"
          preventScrollReset
          {...f.formProps}
        >
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <input type="hidden" name="intent" value="alert" />
          <PlaceFields
            f={f}
            formId="outage-alert"
            initialCity={initialCity}
            initialDistricts={initialDistricts}
          />
          <SubmitButton
            pending={f.pending}
            className="btn-ghost border border-slate-300 dark:border-slate-600"
          >
            {t("outages.alert.submit")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
