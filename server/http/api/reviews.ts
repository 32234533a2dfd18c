import express, { type Request } from "express";
import { MODERATION_INTENT_NAMES } from "../../../common/forms/company-edit";
import { REVIEW_SUBJECTS, type ReviewSubject } from "../../../common/reviews";
import { requireUser } from "../../accounts/permissions";
import { AppError } from "../../platform/app-error";
import { answerReview } from "../../reviews/answer-review";
import { listReviews } from "../../reviews/list-reviews";
import { listReviewsForModeration, moderateReview, parseReviewState } from "../../reviews/moderate-reviews";
import { submitReview } from "../../reviews/submit-review";
import { api, type ApiHandler } from "./respond";

// The review calls of companies and packages are one set of handlers over a subject, sharing the
// services with the pages (server/reviews/).

export const REVIEWS_PER_PAGE = 20;

type Ctx = Parameters<ApiHandler>[2];
/** The public subject of a call's path, or E_NOT_FOUND. */
type SubjectOf = (req: Request, ctx: Ctx) => Promise<number>;

function pageOf(value: unknown): number {
  if (value === undefined) return 1;
  const n = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1)) throw new AppError("E_VALIDATION", "companies.validation.page", { fieldErrors: { page: { key: "companies.validation.page" } } });
  return n;
}

/** GET …/reviews: a page of confirmed reviews, the caller's own review in any state, and whether the caller may answer. */
export function readReviewsHandler(subject: ReviewSubject, subjectOf: SubjectOf) {
  return api(async (req, _res, ctx) => {
    const page = pageOf(req.query.page);
    const subjectId = await subjectOf(req, ctx);
    const list = await listReviews(ctx.app, { subject, subjectId, user: ctx.user, limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE });
    return { success: true, ...list, page, pageSize: REVIEWS_PER_PAGE };
  });
}

/** POST …/reviews: writes or replaces the caller's review; it waits for moderation. */
export function writeReviewHandler(subject: ReviewSubject, subjectOf: SubjectOf) {
  return api(async (req, _res, ctx) => {
    requireUser(ctx);
    const subjectId = await subjectOf(req, ctx);
    const { id, created } = await submitReview(ctx.app, { actor: ctx, subject, subjectId, input: req.body ?? {} });
    return { success: true, id, created, state: "unconfirmed" };
  });
}

/** POST …/{id}/answer: the company's one public answer (its owner or an administrator). */
export function answerReviewHandler(subject: ReviewSubject) {
  return api(async (req, _res, ctx) => {
    await answerReview(ctx.app, { actor: ctx, subject, reviewId: req.params.id, input: req.body ?? {} });
    return { success: true };
  });
}

/** The moderation list's state filter: one state, "all", or (left out) the unconfirmed ones waiting, as on the page. */
function stateOf(value: unknown) {
  if (value === undefined) return "unconfirmed";
  if (value === "all") return null;
  const state = parseReviewState(value);
  if (!state) throw new AppError("E_VALIDATION", "companyAdmin.errors.reviewStateFilter", { fieldErrors: { state: { key: "companyAdmin.errors.reviewStateFilter" } } });
  return state;
}

/**
 * /api/v1/admin/{company,package}-reviews: the moderation page (yorumlar) for administrators'
 * apps: the reviews in a state, and confirm / remove / restore, each in the audit log.
 */
export function createReviewModerationApiRouter(): express.Router {
  const router = express.Router();
  for (const subject of REVIEW_SUBJECTS) {
    const base = `/admin/${subject}-reviews`;
    router.get(
      base,
      api(async (req, _res, ctx) => {
        const state = stateOf(req.query.state);
        const list = await listReviewsForModeration(ctx.app, { actor: ctx, subject, state, page: pageOf(req.query.page) });
        return {
          success: true,
          state: state ?? "all",
          total: list.total,
          page: list.page,
          pageCount: list.pageCount,
          reviews: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        };
      }),
    );
    for (const intent of MODERATION_INTENT_NAMES) {
      router.post(
        `${base}/:id/${intent}`,
        api(async (req, _res, ctx) => {
          const result = await moderateReview(ctx.app, { actor: ctx, subject, intent, reviewId: req.params.id });
          return { success: true, id: Number(req.params.id), state: result.state };
        }),
      );
    }
  }
  return router;
}
