import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { REVIEW_STATES, type ReviewState } from "../../common/companies";
import { MODERATION_INTENTS, type ModerationIntent } from "../../common/forms/company-edit";
import type { ReviewSubject } from "../../common/reviews";
import type { AppContext } from "../core/app-context";
import { writeAudit } from "../accounts";
import { requireAdmin, type Actor } from "../accounts";
import { users } from "../accounts/schema";
import { AppError } from "../platform/app-error";
import { parseReviewId, SUBJECT_RULES, type SubjectContext } from "./subjects";

export const MODERATION_PAGE_SIZE = 20;

export { MODERATION_INTENTS, MODERATION_INTENT_NAMES, type ModerationIntent } from "../../common/forms/company-edit";

export function isModerationIntent(v: unknown): v is ModerationIntent {
  return typeof v === "string" && Object.hasOwn(MODERATION_INTENTS, v);
}

export function parseReviewState(v: unknown): ReviewState | null {
  return typeof v === "string" && (REVIEW_STATES as readonly string[]).includes(v) ? (v as ReviewState) : null;
}

export interface ModerationRow extends SubjectContext {
  id: number;
  fullName: string;
  title: string;
  body: string;
  score: number;
  state: ReviewState;
  isDemo: boolean;
  createdAt: Date;
  /** The account that wrote it, for the moderator to look up; null once the account is erased (or a demo review). */
  author: { id: number; fullName: string; email: string } | null;
}

/** Reviews of companies or of packages for the moderation page and its API, newest first, optionally in one state. */
export async function listReviewsForModeration(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; subject: ReviewSubject; state: ReviewState | null; page: number },
): Promise<{ rows: ModerationRow[]; total: number; page: number; pageCount: number }> {
  requireAdmin(opts.actor);
  const rules = SUBJECT_RULES[opts.subject];
  const { table } = rules;
  const where = opts.state ? eq(table.state, opts.state) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(table).where(where);
  const pageCount = Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE));
  const page = Math.min(Math.max(1, opts.page), pageCount);
  const rows = await app.db
    .select({
      id: table.id,
      subjectId: rules.subjectColumn,
      fullName: table.fullName,
      title: table.title,
      body: table.body,
      score: table.score,
      state: table.state,
      isDemo: table.isDemo,
      createdAt: table.createdAt,
      userId: table.userId,
    })
    .from(table)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(MODERATION_PAGE_SIZE)
    .offset((page - 1) * MODERATION_PAGE_SIZE);
  const contexts = await rules.contexts(app.db, [...new Set(rows.map((r) => r.subjectId))]);
  const authorIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const authors = new Map(
    (authorIds.length ? await app.db.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, authorIds)) : []).map((u) => [u.id, u]),
  );
  return {
    // A review's subject is never missing: deleting a company or package deletes its reviews.
    rows: rows.flatMap(({ subjectId, userId, ...r }) => {
      const context = contexts.get(subjectId);
      return context ? [{ ...r, ...context, author: (userId !== null && authors.get(userId)) || null }] : [];
    }),
    total,
    page,
    pageCount,
  };
}

/**
 * Confirm, remove or restore one review of a company or a package; the subject's confirmed
 * count and score follow in the same transaction, and the audit log records who did it.
 */
export async function moderateReview(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; subject: ReviewSubject; intent: unknown; reviewId: unknown },
): Promise<{ intent: ModerationIntent; state: ReviewState }> {
  const admin = requireAdmin(opts.actor);
  if (!isModerationIntent(opts.intent)) throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownIntent");
  const intent = opts.intent;
  const reviewId = parseReviewId(opts.reviewId);
  if (reviewId === null) throw new AppError("E_NOT_FOUND", "companyAdmin.errors.reviewNotFound");
  const rules = SUBJECT_RULES[opts.subject];
  const { table } = rules;
  const rule = MODERATION_INTENTS[intent];
  return app.db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: table.id, state: table.state, subjectId: rules.subjectColumn, userId: table.userId })
      .from(table)
      .where(eq(table.id, reviewId))
      .for("update")
      .limit(1);
    if (!review) throw new AppError("E_NOT_FOUND", "companyAdmin.errors.reviewNotFound");
    if (!(rule.from as readonly ReviewState[]).includes(review.state)) throw new AppError("E_CONFLICT", "companyAdmin.errors.reviewState");
    await tx.update(table).set({ state: rule.to, moderatedBy: admin.id, moderatedAt: sql`now()` }).where(eq(table.id, reviewId));
    await rules.refreshStats(tx, review.subjectId);
    await writeAudit(tx, {
      actorId: admin.id,
      action: rules.audit[intent],
      targetUserId: review.userId,
      details: { reviewId, [rules.subjectKey]: review.subjectId, from: review.state, to: rule.to },
    });
    return { intent, state: rule.to };
  });
}
