import { count, desc, eq, sql } from "drizzle-orm";
import { REVIEW_STATES, type ReviewState } from "../../common/companies";
import { MODERATION_INTENTS, type ModerationIntent } from "../../common/forms/company-edit";
import type { AppContext } from "../app-context";
import { writeAudit } from "../accounts/audit";
import { requireAdmin, type Actor } from "../accounts/permissions";
import { companies, companyReviews } from "../db/schema";
import { AppError } from "../platform/app-error";
import { refreshCompanyReviewStats } from "./review-stats";
import { COMPANY_AUDIT } from "./save-company";
import { profileSegment } from "./segments";

export const MODERATION_PAGE_SIZE = 20;

export { MODERATION_INTENTS, MODERATION_INTENT_NAMES, type ModerationIntent } from "../../common/forms/company-edit";

export function isModerationIntent(v: unknown): v is ModerationIntent {
  return typeof v === "string" && Object.hasOwn(MODERATION_INTENTS, v);
}

export function parseReviewState(v: unknown): ReviewState | null {
  return typeof v === "string" && (REVIEW_STATES as readonly string[]).includes(v) ? (v as ReviewState) : null;
}

export interface ModerationRow {
  id: number;
  companyId: number;
  companyName: string;
  /** The company's public profile path segments (a link only when it is published). */
  companySegment: string;
  companySlug: string;
  companyPublished: boolean;
  fullName: string;
  title: string;
  body: string;
  score: number;
  state: ReviewState;
  isDemo: boolean;
  createdAt: Date;
}

/** Company reviews for the moderation page, newest first, optionally in one state (default: unconfirmed). */
export async function listReviewsForModeration(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; state: ReviewState | null; page: number },
): Promise<{ rows: ModerationRow[]; total: number; page: number; pageCount: number }> {
  requireAdmin(opts.actor);
  const where = opts.state ? eq(companyReviews.state, opts.state) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(companyReviews).where(where);
  const pageCount = Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE));
  const page = Math.min(Math.max(1, opts.page), pageCount);
  const rows = await app.db
    .select({
      id: companyReviews.id,
      companyId: companyReviews.companyId,
      companyName: companies.name,
      typeId: companies.typeId,
      subTypeId: companies.subTypeId,
      companySlug: companies.slug,
      publishState: companies.publishState,
      fullName: companyReviews.fullName,
      title: companyReviews.title,
      body: companyReviews.body,
      score: companyReviews.score,
      state: companyReviews.state,
      isDemo: companyReviews.isDemo,
      createdAt: companyReviews.createdAt,
    })
    .from(companyReviews)
    .innerJoin(companies, eq(companies.id, companyReviews.companyId))
    .where(where)
    .orderBy(desc(companyReviews.createdAt), desc(companyReviews.id))
    .limit(MODERATION_PAGE_SIZE)
    .offset((page - 1) * MODERATION_PAGE_SIZE);
  return {
    rows: rows.map(({ typeId, subTypeId, publishState, ...r }) => ({
      ...r,
      companySegment: profileSegment({ typeId, subTypeId }),
      companyPublished: publishState === "published",
    })),
    total,
    page,
    pageCount,
  };
}

/** Confirm, remove or restore one review; the company's confirmed count and score follow in the same transaction. */
export async function moderateReview(app: AppContext, opts: { actor: Actor; intent: unknown; reviewId: unknown }): Promise<{ intent: ModerationIntent; state: ReviewState }> {
  const admin = requireAdmin(opts.actor);
  if (!isModerationIntent(opts.intent)) throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownIntent");
  const intent = opts.intent;
  const raw = typeof opts.reviewId === "string" ? opts.reviewId : "";
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new AppError("E_NOT_FOUND", "companyAdmin.errors.reviewNotFound");
  const reviewId = Number(raw);
  const rule = MODERATION_INTENTS[intent];
  return app.db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: companyReviews.id, state: companyReviews.state, companyId: companyReviews.companyId, userId: companyReviews.userId })
      .from(companyReviews)
      .where(eq(companyReviews.id, reviewId))
      .for("update")
      .limit(1);
    if (!review) throw new AppError("E_NOT_FOUND", "companyAdmin.errors.reviewNotFound");
    if (!(rule.from as readonly ReviewState[]).includes(review.state)) throw new AppError("E_CONFLICT", "companyAdmin.errors.reviewState");
    await tx
      .update(companyReviews)
      .set({ state: rule.to, moderatedBy: admin.id, moderatedAt: sql`now()` })
      .where(eq(companyReviews.id, reviewId));
    await refreshCompanyReviewStats(tx, review.companyId);
    const action = intent === "confirm" ? COMPANY_AUDIT.reviewConfirm : intent === "remove" ? COMPANY_AUDIT.reviewRemove : COMPANY_AUDIT.reviewRestore;
    await writeAudit(tx, { actorId: admin.id, action, targetUserId: review.userId, details: { reviewId, companyId: review.companyId, from: review.state, to: rule.to } });
    return { intent, state: rule.to };
  });
}
