import { and, eq, isNull } from "drizzle-orm";
import { reviewAnswerSchema } from "../../common/forms/companies";
import type { ReviewSubject } from "../../common/reviews";
import type { AppContext } from "../core/app-context";
import { requireUser, type Actor } from "../accounts";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { parseReviewId, SUBJECT_RULES } from "./subjects";

/**
 * The company's one public answer to a confirmed review of it or of one of its packages: by the
 * company's owner or an administrator; a second answer is E_CONFLICT.
 */
export async function answerReview(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; subject: ReviewSubject; reviewId: unknown; input: unknown },
): Promise<void> {
  const user = requireUser(opts.actor);
  const { answer } = parseInput(reviewAnswerSchema, opts.input);
  const { table, ownedBy } = SUBJECT_RULES[opts.subject];
  const reviewId = parseReviewId(opts.reviewId);
  if (reviewId === null) throw new AppError("E_NOT_FOUND", "companies.errors.reviewNotFound");
  // The owner check is part of the query: another owner's review is simply not found.
  const [row] = await app.db
    .select({ id: table.id, state: table.state, answer: table.answer })
    .from(table)
    .where(and(eq(table.id, reviewId), user.isAdmin ? undefined : ownedBy(user.id)))
    .limit(1);
  if (!row) {
    // Only a company (or an administrator) can own what is answered: anyone else is refused outright.
    if (user.isAdmin || user.accountType === "corporate") throw new AppError("E_NOT_FOUND", "companies.errors.reviewNotFound");
    throw new AppError("E_FORBIDDEN", "errors.forbidden");
  }
  if (row.state !== "confirmed") throw new AppError("E_CONFLICT", "companies.errors.answerNotAllowed");
  if (row.answer !== null) throw new AppError("E_CONFLICT", "companies.errors.alreadyAnswered");
  const updated = await app.db
    .update(table)
    .set({ answer, answeredAt: new Date(), answeredBy: user.id })
    .where(and(eq(table.id, row.id), isNull(table.answer)))
    .returning({ id: table.id });
  if (updated.length === 0) throw new AppError("E_CONFLICT", "companies.errors.alreadyAnswered");
}
