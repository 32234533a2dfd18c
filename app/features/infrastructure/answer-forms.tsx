import { Form } from "react-router";
import type { ANSWER_INTENTS } from "../../../common/forms/infrastructure";
import { REPORT_BOUNDS, REPORT_TECHNOLOGIES } from "../../../common/forms/infrastructure-bounds";
import type { MessageKey } from "../../../common/i18n";
import { CheckboxField, EMAIL_INPUT, ErrorSummary, Field, schemaCheck, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";

export type AnswerIntent = (typeof ANSWER_INTENTS)[number];
export type AnswerActionData = FormResult & { intent?: string };

const checkReport = schemaCheck(() => import("../../../common/forms/infrastructure").then((m) => m.reportSchema), ["actualTechnology", "actualDownMbps", "note"]);
const checkAlert = schemaCheck(() => import("../../../common/forms/infrastructure").then((m) => m.alertSchema), ["email", "consent"]);

const TECH_LABEL: Record<(typeof REPORT_TECHNOLOGIES)[number], MessageKey> = {
  FIBER: "infrastructure.answer.technologies.FIBER",
  VDSL: "infrastructure.answer.technologies.VDSL",
  ADSL: "infrastructure.answer.technologies.ADSL",
  NONE: "infrastructure.report.none",
};

const resultFor = (data: AnswerActionData | undefined, intent: AnswerIntent) => (data?.intent === intent ? data : undefined);

/**
 * "Tell me when fiber arrives" (where no line has a free port either: "when fiber or a free
 * port arrives"): e-mail and consent (double opt-in follows by mail).
 */
export function AlertForm({ bbk, waitsFor, actionData }: { bbk: number; waitsFor: "fiber" | "fiberOrPort"; actionData?: AnswerActionData }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "alert", result: resultFor(actionData, "alert"), check: checkAlert });
  return (
    <section aria-labelledby="alert-title" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="alert-title" className="text-xl font-semibold">
        {t(waitsFor === "fiber" ? "infrastructure.alert.titleFiber" : "infrastructure.alert.title")}
      </h2>
      <p className="mt-2 text-sm muted">{t(waitsFor === "fiber" ? "infrastructure.alert.leadFiber" : "infrastructure.alert.lead")}</p>
      {f.succeeded ? (
        <div className="mt-4">
          <SuccessMessage ref={f.successRef}>{t("infrastructure.alert.sent")}</SuccessMessage>
        </div>
      ) : (
        <Form method="post" className="mt-4 space-y-4" preventScrollReset {...f.formProps}>
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <input type="hidden" name="intent" value="alert" />
          <input type="hidden" name="bbk" value={String(bbk)} />
          <Field {...f.field("email")} {...EMAIL_INPUT} label={t("infrastructure.alert.email")} autoComplete="email" maxLength={254} required />
          <CheckboxField {...f.field("consent")} label={t("infrastructure.alert.consent")} required />
          <SubmitButton pending={f.pending} className="btn-primary">
            {t("infrastructure.alert.submit")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

/** "This result is wrong": what the person really has. */
export function ReportForm({ bbk, others, actionData }: { bbk: number; others: number; actionData?: AnswerActionData }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "report", result: resultFor(actionData, "report"), check: checkReport });
  const tech = f.field("actualTechnology");
  return (
    <section aria-labelledby="report-title" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="report-title" className="text-xl font-semibold">
        {t("infrastructure.report.title")}
      </h2>
      {others > 0 ? <p className="mt-2 text-sm font-medium">{t("infrastructure.report.others", { count: others })}</p> : null}
      <p className="mt-2 text-sm muted">{t("infrastructure.report.lead")}</p>
      {f.succeeded ? (
        <div className="mt-4">
          <SuccessMessage ref={f.successRef}>{t("infrastructure.report.sent")}</SuccessMessage>
        </div>
      ) : (
        <Form method="post" className="mt-4 space-y-4" preventScrollReset {...f.formProps}>
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="bbk" value={String(bbk)} />
          <Field
            {...tech}
            label={t("infrastructure.report.technology")}
            control={(aria) => (
              <select {...aria} name="actualTechnology" defaultValue={typeof tech.defaultValue === "string" ? tech.defaultValue : ""} required className="field-input">
                <option value="" disabled>
                  {t("infrastructure.query.choose")}
                </option>
                {REPORT_TECHNOLOGIES.map((x) => (
                  <option key={x} value={x}>
                    {t(TECH_LABEL[x])}
                  </option>
                ))}
              </select>
            )}
          />
          <Field
            {...f.field("actualDownMbps")}
            type="number"
            inputMode="numeric"
            min={REPORT_BOUNDS.speed.min}
            max={REPORT_BOUNDS.speed.max}
            label={t("infrastructure.report.speed")}
            optional
          />
          <Field {...f.field("note")} multiline rows={3} maxLength={REPORT_BOUNDS.note.max} label={t("infrastructure.report.note")} optional />
          <SubmitButton pending={f.pending} className="btn-ghost border border-slate-300 dark:border-slate-600">
            {t("infrastructure.report.submit")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
