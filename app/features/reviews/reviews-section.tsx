import { Form } from "react-router";
import { REVIEW_BOUNDS } from "../../../common/companies";
import type { OwnReview, PublicReview } from "../../../common/company-views";
import { formatDate, formatScore } from "../../../common/format";
import { ErrorSummary, Field, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { ReviewForm } from "./review-form";

/** What a page with reviews (a company profile, a package page) hands to the section. */
export interface ReviewsData {
  reviews: PublicReview[];
  own: OwnReview | null;
  signedIn: boolean;
  userName: string;
  canAnswer: boolean;
}

function AnswerForm({ reviewId, result }: { reviewId: number; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: `answer-${reviewId}`, result });
  return (
    <Form method="post" className="mt-3 space-y-3" {...f.formProps}>
      <ErrorSummary ref={f.summaryRef} {...f.summary} />
      {f.succeeded ? <SuccessMessage ref={f.successRef}>{t("companies.review.answerSaved")}</SuccessMessage> : null}
      <CsrfInput />
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <Field {...f.field("answer")} multiline rows={3} label={t("companies.review.answerLabel")} maxLength={REVIEW_BOUNDS.answer.max} required />
      <SubmitButton pending={f.pending} className="btn-primary">
        {t("companies.review.answerSubmit")}
      </SubmitButton>
    </Form>
  );
}

function ReviewItem({ review, canAnswer, answerResult }: { review: PublicReview; canAnswer: boolean; answerResult: FormResult | undefined }) {
  const { t } = useTranslation();
  return (
    <article className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="review">
      <h3 className="font-semibold break-words">{review.title}</h3>
      <p className="mt-1 text-sm muted">
        {review.fullName || t("companies.review.formerMember")} · {formatDate(review.createdAt)} · {t("companies.profile.scoreStars", { score: review.score })}
      </p>
      <p className="mt-2 whitespace-pre-line break-words">{review.body}</p>
      {review.answer ? (
        <div className="mt-3 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
          <p className="text-sm font-semibold">{t("companies.profile.answer")}</p>
          <p className="mt-1 whitespace-pre-line break-words">{review.answer}</p>
        </div>
      ) : canAnswer ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">{t("companies.review.answerTitle")}</summary>
          <AnswerForm reviewId={review.id} result={answerResult} />
        </details>
      ) : null}
    </article>
  );
}

/**
 * The reviews of a company or a package: the score of the confirmed ones and their count
 * (singular/plural), the reviews with the company's answers, and the review form; `closed`
 * (a withdrawn package) shows that notice instead of the form.
 */
export function ReviewsSection({
  data,
  score,
  count,
  noReviews,
  closed,
  reviewResult,
  answerResult,
}: {
  data: ReviewsData;
  score: number | null;
  count: number;
  noReviews: string;
  closed?: string;
  reviewResult: FormResult | undefined;
  answerResult: FormResult | undefined;
}) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="reviews-title" data-testid="reviews">
      <h2 id="reviews-title" className="text-2xl font-bold">
        {t("companies.profile.reviews")}
      </h2>
      <p className="mt-2" data-testid="review-summary">
        {score !== null ? (
          <>
            <span className="text-xl font-bold">{t("companies.profile.scoreSummary", { score: formatScore(score, locale) })}</span>{" "}
            <span>{t("companies.profile.reviewsCount", { count })}</span>
          </>
        ) : (
          noReviews
        )}
      </p>
      <ul className="mt-4 space-y-3">
        {data.reviews.map((r) => (
          <li key={r.id}>
            <ReviewItem review={r} canAnswer={data.canAnswer} answerResult={answerResult} />
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {closed ? (
          <p className="rounded-xl border border-slate-200 p-5 dark:border-slate-700" data-testid="review-closed">
            {closed}
          </p>
        ) : (
          <ReviewForm signedIn={data.signedIn} own={data.own} defaultName={data.userName} result={reviewResult} />
        )}
      </div>
    </section>
  );
}
