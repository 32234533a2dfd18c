import type { Request } from "express";
import { MODERATION_INTENT_NAMES } from "../../common/forms/company-edit";
import { reviewAnswerSchema } from "../../common/forms/companies";
import { REVIEW_SUBJECTS, type ReviewSubject } from "../../common/reviews";
import { requireUser } from "../accounts";
import type { ApiCall, ApiContext, ApiHandler } from "../core/app-context";
import { pageQuery, successResponse } from "../platform/api-shapes";
import { z } from "../platform/api-zod";
import { AppError } from "../platform/app-error";
import { answerReview } from "./answer-review";
import { moderatedResponse, moderationListResponse } from "./api-schemas";
import { listReviews } from "./list-reviews";
import { listReviewsForModeration, moderateReview, parseReviewState } from "./moderate-reviews";
import { submitReview } from "./submit-review";

// The review calls of companies and packages are one set of handlers over a subject, sharing the
// services with the pages; the companies and packages areas declare them on their own paths.

export const REVIEWS_PER_PAGE = 20;

/** The public subject of a call's path, or E_NOT_FOUND. */
type SubjectOf = (req: Request, ctx: ApiContext) => Promise<number>;

function pageOf(value: unknown): number {
  if (value === undefined) return 1;
  const n = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1)) throw new AppError("E_VALIDATION", "companies.validation.page", { fieldErrors: { page: { key: "companies.validation.page" } } });
  return n;
}

/** GET …/reviews: a page of confirmed reviews, the caller's own review in any state, and whether the caller may answer. */
export function readReviewsHandler(subject: ReviewSubject, subjectOf: SubjectOf): ApiHandler {
  return async (req, _res, ctx) => {
    const page = pageOf(req.query.page);
    const subjectId = await subjectOf(req, ctx);
    const list = await listReviews(ctx.app, { subject, subjectId, user: ctx.user, limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE });
    return { success: true, ...list, page, pageSize: REVIEWS_PER_PAGE };
  };
}

/** POST …/reviews: writes or replaces the caller's review; it waits for moderation. */
export function writeReviewHandler(subject: ReviewSubject, subjectOf: SubjectOf): ApiHandler {
  return async (req, _res, ctx) => {
    requireUser(ctx);
    const subjectId = await subjectOf(req, ctx);
    const { id, created } = await submitReview(ctx.app, { actor: ctx, subject, subjectId, input: req.body ?? {} });
    return { success: true, id, created, state: "unconfirmed" };
  };
}

/** POST …/{id}/answer: the company's one public answer (its owner or an administrator). */
export function answerReviewHandler(subject: ReviewSubject): ApiHandler {
  return async (req, _res, ctx) => {
    await answerReview(ctx.app, { actor: ctx, subject, reviewId: req.params.id, input: req.body ?? {} });
    return { success: true };
  };
}

/** The moderation list's state filter: one state, "all", or (left out) the unconfirmed ones waiting, as on the page. */
function stateOf(value: unknown) {
  if (value === undefined) return "unconfirmed";
  if (value === "all") return null;
  const state = parseReviewState(value);
  if (!state) throw new AppError("E_VALIDATION", "companyAdmin.errors.reviewStateFilter", { fieldErrors: { state: { key: "companyAdmin.errors.reviewStateFilter" } } });
  return state;
}

const reviewIdParams = z.object({ id: z.string().openapi({ description: "The review's id", example: "12" }) });

/** POST /reviews/{id}/answer: the company's one public answer to a review of it (its owner or an administrator). */
export const companyReviewAnswerCall: ApiCall = {
  id: "answerCompanyReview",
  path: "/reviews/{id}/answer",
  summary: "The company's one public answer to a confirmed review (its owner or an administrator)",
  tag: "companies",
  auth: "bearer",
  params: reviewIdParams,
  body: { schema: reviewAnswerSchema },
  bodyLimit: "16kb",
  response: successResponse,
  notFound: "No review of the caller's companies has this id (E_NOT_FOUND)",
  forbidden: "The caller is an individual account (E_FORBIDDEN)",
  conflict: "The review is not confirmed, or already answered (E_CONFLICT)",
  handler: answerReviewHandler("company"),
};

const MODERATION_SUMMARIES = {
  confirm: "Confirm: the review becomes public and counts towards the score",
  remove: "Remove: the review is hidden and stops counting",
  restore: "Restore a removed review to the queue (public again only once confirmed)",
} as const;

/**
 * /api/v1/admin/{company,package}-reviews: the moderation page (yorumlar) for administrators'
 * apps: the reviews in a state, and confirm / remove / restore, each in the audit log.
 */
export const reviewModerationCalls: ApiCall[] = REVIEW_SUBJECTS.flatMap((subject): ApiCall[] => {
  const common = { tag: "moderation", auth: "bearer" as const, forbidden: "Not an administrator (E_FORBIDDEN)" };
  const Name = subject === "company" ? "Company" : "Package";
  const base = `/admin/${subject}-reviews`;
  return [
    {
      ...common,
      id: `list${Name}ReviewsForModeration`,
      method: "get",
      path: base,
      summary: `${Name} reviews in a state (default: unconfirmed, waiting), newest first, 20 a page, with the ${subject === "company" ? "company" : "package and its company"} they are about`,
      query: pageQuery.extend({ state: z.enum(["confirmed", "unconfirmed", "removed", "all"]).optional() }),
      response: moderationListResponse,
      handler: async (req, _res, ctx) => {
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
      },
    },
    ...MODERATION_INTENT_NAMES.map(
      (intent): ApiCall => ({
        ...common,
        id: `${intent}${Name}Review`,
        path: `${base}/{id}/${intent}`,
        summary: `${MODERATION_SUMMARIES[intent]} (${subject} review)`,
        params: reviewIdParams,
        response: moderatedResponse,
        notFound: `No ${subject} review has this id (E_NOT_FOUND)`,
        conflict: "Not possible in the review's current state (E_CONFLICT)",
        bodyOptional: true,
        handler: async (req, _res, ctx) => {
          const result = await moderateReview(ctx.app, { actor: ctx, subject, intent, reviewId: req.params.id });
          return { success: true, id: Number(req.params.id), state: result.state };
        },
      }),
    ),
  ];
});

/** POST /package-reviews/{id}/answer: the company's one public answer to a review of one of its packages. */
export const packageReviewAnswerCall: ApiCall = {
  id: "answerPackageReview",
  path: "/package-reviews/{id}/answer",
  summary: "The company's one public answer to a confirmed review of one of its packages (its owner or an administrator)",
  tag: "packages",
  auth: "bearer",
  params: reviewIdParams,
  body: { schema: reviewAnswerSchema },
  bodyLimit: "16kb",
  response: successResponse,
  notFound: "No review of the caller's companies' packages has this id (E_NOT_FOUND)",
  forbidden: "The caller is an individual account (E_FORBIDDEN)",
  conflict: "The review is not confirmed, or already answered (E_CONFLICT)",
  handler: answerReviewHandler("package"),
};
