import { and, count, desc, eq } from "drizzle-orm";
import type { OwnReview, PublicReview } from "../../common/company-views";
import type { ReviewSubject } from "../../common/reviews";
import type { AppContext } from "../core/app-context";
import type { SessionUser } from "../core/app-context";
import type { companyReviews } from "./schema";
import { SUBJECT_RULES } from "./subjects";

export type { OwnReview, PublicReview };

/** The columns both review tables share. */
type ReviewRow = Omit<typeof companyReviews.$inferSelect, "companyId">;

function publicReview(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    fullName: r.fullName,
    title: r.title,
    body: r.body,
    score: r.score,
    answer: r.answer,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface ReviewList {
  /** Confirmed reviews, newest first (one page). */
  reviews: PublicReview[];
  /** Confirmed reviews in all. */
  total: number;
  /** The signed-in user's own review in any state. */
  own: OwnReview | null;
  /** The user may answer these reviews: an administrator, or the owner of the subject's company. */
  canAnswer: boolean;
}

/**
 * A page of the confirmed reviews of a company or a package, the signed-in user's own review,
 * and whether the user may answer them. The caller has checked the subject is public.
 */
export async function listReviews(
  app: Pick<AppContext, "db">,
  opts: { subject: ReviewSubject; subjectId: number; user: SessionUser | null; limit?: number; offset?: number },
): Promise<ReviewList> {
  const { table, subjectColumn, ownedBy } = SUBJECT_RULES[opts.subject];
  const limit = Math.min(Math.max(opts.limit ?? 20, 1), 100);
  const confirmed = and(eq(subjectColumn, opts.subjectId), eq(table.state, "confirmed"));
  const user = opts.user;
  const [rows, [total], ownRows, owned] = await Promise.all([
    app.db
      .select()
      .from(table)
      .where(confirmed)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(limit)
      .offset(Math.max(opts.offset ?? 0, 0)),
    app.db.select({ n: count() }).from(table).where(confirmed),
    user
      ? app.db
          .select()
          .from(table)
          .where(and(eq(subjectColumn, opts.subjectId), eq(table.userId, user.id)))
          .limit(1)
      : Promise.resolve([]),
    // The condition the answer itself checks: the confirmed reviews belong to the user's company
    // (without a confirmed review there is nothing to answer).
    user && !user.isAdmin ? app.db.select({ id: table.id }).from(table).where(and(confirmed, ownedBy(user.id))).limit(1) : Promise.resolve([]),
  ]);
  const own = ownRows[0];
  return {
    reviews: rows.map(publicReview),
    total: total?.n ?? 0,
    own: own ? { ...publicReview(own), state: own.state } : null,
    canAnswer: user !== null && (user.isAdmin || owned.length > 0),
  };
}
