import { Form } from "react-router";
import { REVIEW_BOUNDS, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from "../../../common/companies";
import { ErrorSummary, Field, schemaCheck, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import type { OwnReview } from "../../../common/company-views";

const checkReview = schemaCheck(() => import("../../../common/forms/companies").then((m) => m.companyReviewSchema), ["fullName", "title", "body", "score"]);

/** The review form of a profile: signed-in users write or edit theirs; guests are told to register. */
export function ReviewForm({ signedIn, own, defaultName, result }: { signedIn: boolean; own: OwnReview | null; defaultName: string; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const f = useFormFeedback({ id: "review", result, check: checkReview });
  if (!signedIn) {
    return (
      <section aria-labelledby="review-form-title" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700" data-testid="review-guest">
        <h3 id="review-form-title" className="text-lg font-semibold">
          {t("companies.review.formTitle")}
        </h3>
        <p className="mt-2">{t("companies.review.guest")}</p>
        <p className="mt-3 flex flex-wrap items-center gap-2">
          <a href={paths.Register()} className="btn-primary">
            {t("companies.review.register")}
          </a>
          <span>{t("companies.review.guestOr")}</span>
          <a href={paths.Login()}>{t("companies.review.login")}</a>
        </p>
      </section>
    );
  }
  const fieldValue = (name: "fullName" | "title" | "body") => f.field(name).defaultValue ?? own?.[name] ?? (name === "fullName" ? defaultName : undefined);
  return (
    <section aria-labelledby="review-form-title" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h3 id="review-form-title" className="text-lg font-semibold">
        {own ? t("companies.review.editTitle") : t("companies.review.formTitle")}
      </h3>
      {own?.state === "unconfirmed" ? <p className="mt-2 text-sm">{t("companies.review.pendingOwn")}</p> : null}
      {own?.state === "removed" ? <p className="mt-2 text-sm">{t("companies.review.removedOwn")}</p> : null}
      {own ? <p className="mt-1 text-sm muted">{t("companies.review.editNotice")}</p> : null}
      {f.succeeded ? (
        <div className="mt-3">
          <SuccessMessage ref={f.successRef}>{t("companies.review.saved")}</SuccessMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" {...f.formProps}>
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
        <CsrfInput />
        <input type="hidden" name="intent" value="review" />
        <Field {...f.field("fullName")} defaultValue={fieldValue("fullName")} label={t("companies.review.fullName")} autoComplete="name" maxLength={REVIEW_BOUNDS.fullName.max} required />
        <Field {...f.field("title")} defaultValue={fieldValue("title")} label={t("companies.review.title")} maxLength={REVIEW_BOUNDS.title.max} required />
        <Field {...f.field("body")} defaultValue={fieldValue("body")} multiline rows={5} label={t("companies.review.body")} maxLength={REVIEW_BOUNDS.body.max} required />
        <Field
          {...f.field("score")}
          label={t("companies.review.score")}
          control={(aria) => (
            <select {...aria} name="score" defaultValue={String(f.field("score").defaultValue ?? own?.score ?? "")} className="field-input" required>
              <option value="" disabled>
                —
              </option>
              {Array.from({ length: REVIEW_SCORE_MAX - REVIEW_SCORE_MIN + 1 }, (_, i) => REVIEW_SCORE_MAX - i).map((s) => (
                <option key={s} value={String(s)}>
                  {t("companies.review.scoreOption", { score: s })}
                </option>
              ))}
            </select>
          )}
        />
        <SubmitButton pending={f.pending} className="btn-primary">
          {t("companies.review.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
