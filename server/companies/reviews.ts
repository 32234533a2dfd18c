import { and, eq, isNull } from "drizzle-orm";
import { REVIEW_RATE_LIMIT_PER_HOUR } from "../../common/companies";
import { companyReviewSchema, reviewAnswerSchema } from "../../common/forms/companies";
import type { AppContext } from "../app-context";
import { requireUser, type Actor } from "../accounts/permissions";
import { companies, companyReviews } from "../db/schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";
import { refreshCompanyReviewStats } from "./review-stats";

/** Reviews written or edited per user per hour, all companies together. */
export const REVIEW_LIMIT = { name: "company-review", points: REVIEW_RATE_LIMIT_PER_HOUR, durationSeconds: 3600 };

/**
 * Writes the signed-in user's review of a published company, or replaces their earlier one
 * (one per user per company). Either way it waits for an administrator (state unconfirmed), so
 * an edit of a confirmed review leaves the public scores until it is confirmed again.
 */
export async function submitCompanyReview(
  app: Pick<AppContext, "db" | "limits">,
  opts: { actor: Actor; companyId: number; input: unknown },
): Promise<{ id: number; created: boolean }> {
  const user = requireUser(opts.actor);
  const input = parseInput(companyReviewSchema, opts.input);
  if (!Number.isSafeInteger(opts.companyId) || opts.companyId < 1) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  const [company] = await app.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, opts.companyId), eq(companies.publishState, "published")))
    .limit(1);
  if (!company) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  await consumeLimit(app.limits, REVIEW_LIMIT, `user:${user.id}`, "companies.errors.reviewLimit");
  return app.db.transaction(async (tx) => {
    const now = new Date();
    const values = { fullName: input.fullName, title: input.title, body: input.body, score: input.score, state: "unconfirmed" as const, updatedAt: now };
    const [existing] = await tx
      .select({ id: companyReviews.id })
      .from(companyReviews)
      .where(and(eq(companyReviews.companyId, company.id), eq(companyReviews.userId, user.id)))
      .limit(1)
      .for("update");
    let id: number;
    if (existing) {
      await tx.update(companyReviews).set(values).where(eq(companyReviews.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(companyReviews)
        .values({ ...values, companyId: company.id, userId: user.id })
        .onConflictDoUpdate({ target: [companyReviews.companyId, companyReviews.userId], set: values })
        .returning({ id: companyReviews.id });
      id = row!.id;
    }
    await refreshCompanyReviewStats(tx, company.id);
    return { id, created: !existing };
  });
}

/**
 * The company's one public answer to a confirmed review: by the company's owner or an
 * administrator; a second answer is E_CONFLICT.
 */
export async function answerCompanyReview(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; reviewId: number; input: unknown },
): Promise<void> {
  const user = requireUser(opts.actor);
  const { answer } = parseInput(reviewAnswerSchema, opts.input);
  if (!Number.isSafeInteger(opts.reviewId) || opts.reviewId < 1) throw new AppError("E_NOT_FOUND", "companies.errors.reviewNotFound");
  // The owner check is part of the query: another owner's review is simply not found.
  const ownerCondition = user.isAdmin ? undefined : eq(companies.ownerId, user.id);
  const [row] = await app.db
    .select({ id: companyReviews.id, state: companyReviews.state, answer: companyReviews.answer })
    .from(companyReviews)
    .innerJoin(companies, eq(companies.id, companyReviews.companyId))
    .where(and(eq(companyReviews.id, opts.reviewId), ownerCondition))
    .limit(1);
  if (!row) throw new AppError(user.isAdmin || user.accountType === "corporate" ? "E_NOT_FOUND" : "E_FORBIDDEN", user.isAdmin || user.accountType === "corporate" ? "companies.errors.reviewNotFound" : "errors.forbidden");
  if (row.state !== "confirmed") throw new AppError("E_CONFLICT", "companies.errors.answerNotAllowed");
  if (row.answer !== null) throw new AppError("E_CONFLICT", "companies.errors.alreadyAnswered");
  const updated = await app.db
    .update(companyReviews)
    .set({ answer, answeredAt: new Date(), answeredBy: user.id })
    .where(and(eq(companyReviews.id, row.id), isNull(companyReviews.answer)))
    .returning({ id: companyReviews.id });
  if (updated.length === 0) throw new AppError("E_CONFLICT", "companies.errors.alreadyAnswered");
}
